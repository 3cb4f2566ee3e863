/**
 * Prometheus instruments of proxied requests, fed from the metrics event after the response
 * is sent (never from the request path).
 */
import type { Registry } from 'prom-client';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import { LabelBudget, routeTemplate } from './labels.js';
import { TenantLabels } from './tenant-labels.js';
import { BucketCounts, CellTable, counterSamples, groupCells, histogramSamples, registerScraped } from './tally.js';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const OVERHEAD_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Token kinds counted, from canonical usage (`input` includes cached and cache-written prompt tokens). */
const TOKEN_FIELDS = {
  input: 'input_tokens',
  output: 'output_tokens',
  cached_input: 'cached_input_tokens',
  cache_write: 'cache_creation_input_tokens',
  reasoning: 'reasoning_tokens',
} as const;

interface RequestCell {
  requests: number;
  duration: BucketCounts;
  overhead: BucketCounts;
  /** Tokens by kind, in TOKEN_FIELDS order. */
  tokens: number[];
  cost: number;
}

interface AttemptCell {
  attempts: number;
  upstream: BucketCounts;
}

/** Label order of a request cell and of an attempt cell. */
const REQUEST_LABELS = ['gateway', 'consumer', 'route', 'provider', 'model', 'status', 'error', 'cache', 'stream'] as const;
const ATTEMPT_LABELS = ['provider', 'model', 'status', 'outcome'] as const;
const TOKEN_KINDS = Object.keys(TOKEN_FIELDS) as Array<keyof typeof TOKEN_FIELDS>;

/** Picks the labels `names` out of a cell's label values laid out as `order`. */
function picker(order: readonly string[], names: readonly string[]) {
  const at = names.map((n) => order.indexOf(n));
  return (values: readonly string[]) => Object.fromEntries(names.map((n, i) => [n, values[at[i]]]));
}

/**
 * The proxied-request metric families, registered in the registry given. Each request adds into
 * one request cell and one cell per attempt (see tally.ts); the families are summed from the
 * cells when scraped.
 */
export class RequestMetrics {
  private readonly labels: LabelBudget;
  private readonly tenant: TenantLabels;
  private readonly requestCells = new CellTable<RequestCell>(REQUEST_LABELS.length, () => ({
    requests: 0,
    duration: new BucketCounts(DURATION_BUCKETS),
    overhead: new BucketCounts(OVERHEAD_BUCKETS),
    tokens: TOKEN_KINDS.map(() => 0),
    cost: 0,
  }));
  private readonly attemptCells = new CellTable<AttemptCell>(ATTEMPT_LABELS.length, () => ({ attempts: 0, upstream: new BucketCounts(DURATION_BUCKETS) }));

  constructor(registry: Registry, labels = new LabelBudget(), tenant = new TenantLabels()) {
    this.labels = labels;
    this.tenant = tenant;
    const requests = () => this.requestCells.entries();
    const attempts = () => this.attemptCells.entries();
    const reset = () => {
      this.requestCells.clear();
      this.attemptCells.clear();
    };
    const counter = (name: string, help: string, sum: () => Array<{ labels: Record<string, string>; value: number }>) =>
      registerScraped(registry, { name, help, type: 'counter', samples: () => counterSamples(sum()), reset });
    const histogram = (name: string, help: string, sum: () => Array<{ labels: Record<string, string>; value: BucketCounts }>) =>
      registerScraped(registry, { name, help, type: 'histogram', samples: () => histogramSamples(name, sum()), reset });
    const sumCounts = <C>(entries: () => ReadonlyArray<{ values: readonly string[]; cell: C }>, order: readonly string[], names: readonly string[], take: (cell: C) => number) =>
      () => groupCells(entries(), picker(order, names), () => ({ n: 0 }), (acc, cell) => (acc.n += take(cell))).map((s) => ({ labels: s.labels, value: s.value.n }));
    const sumBuckets = <C>(entries: () => ReadonlyArray<{ values: readonly string[]; cell: C }>, order: readonly string[], names: readonly string[], bounds: readonly number[], take: (cell: C) => BucketCounts) =>
      () => groupCells(entries(), picker(order, names), () => new BucketCounts(bounds), (acc, cell) => acc.add(take(cell)));

    counter(
      'portcullis_proxy_requests_total',
      'Proxied requests answered, by gateway, consumer, route, provider, selected model, HTTP status, error code, cache hit and stream.',
      sumCounts(requests, REQUEST_LABELS, REQUEST_LABELS, (c) => c.requests),
    );
    histogram(
      'portcullis_proxy_request_duration_seconds',
      'Whole proxied request time, from the request to the end of the answer (streams included).',
      sumBuckets(requests, REQUEST_LABELS, ['route', 'provider', 'model', 'stream'], DURATION_BUCKETS, (c) => c.duration),
    );
    histogram(
      'portcullis_proxy_gateway_overhead_seconds',
      'Time of a proxied request spent outside upstream attempts and retry backoff.',
      sumBuckets(requests, REQUEST_LABELS, ['route'], OVERHEAD_BUCKETS, (c) => c.overhead),
    );
    histogram(
      'portcullis_proxy_upstream_duration_seconds',
      'Upstream attempt time, by provider, model and attempt outcome (ok, error, retry, fallback).',
      sumBuckets(attempts, ATTEMPT_LABELS, ['provider', 'model', 'outcome'], DURATION_BUCKETS, (c) => c.upstream),
    );
    counter(
      'portcullis_proxy_upstream_attempts_total',
      'Upstream attempts, by provider, model, upstream HTTP status and outcome (skipped: refused by an open circuit breaker).',
      sumCounts(attempts, ATTEMPT_LABELS, ATTEMPT_LABELS, (c) => c.attempts),
    );
    const who = ['gateway', 'consumer', 'provider', 'model'];
    counter(
      'portcullis_proxy_tokens_total',
      'Tokens reported by providers, by kind (input includes cached_input and cache_write; output includes reasoning). Cache hits add none.',
      () =>
        groupCells(requests(), picker(REQUEST_LABELS, who), () => TOKEN_KINDS.map(() => 0), (acc, c) => c.tokens.forEach((n, i) => (acc[i] += n))).flatMap((s) =>
          TOKEN_KINDS.map((kind, i) => ({ labels: { ...s.labels, kind }, value: s.value[i] })),
        ),
    );
    counter(
      'portcullis_proxy_cost_usd_total',
      'List-price cost of proxied requests in US dollars (models without a known price add nothing).',
      sumCounts(requests, REQUEST_LABELS, who, (c) => c.cost),
    );
  }

  /** Counts one proxied request from its metrics event. */
  record(event: MetricsEventData): void {
    const l = this.labels;
    const t = this.tenant;
    const cell = this.requestCells.get([
      l.value('gateway', t.gateway(event)),
      l.value('consumer', t.consumer(event)),
      l.value('route', routeTemplate(event.route)),
      l.value('provider', event.provider),
      l.value('model', t.model(event.model)),
      String(event.status),
      l.value('error', event.error),
      event.cached ? 'hit' : 'miss',
      event.streamed ? 'true' : 'false',
    ]);
    cell.requests++;
    cell.duration.observe(event.duration_ms / 1000);
    if (typeof event.gateway_ms === 'number') cell.overhead.observe(event.gateway_ms / 1000);
    for (const attempt of event.attempts ?? []) {
      const outcome = attempt.outcome ?? 'error';
      const a = this.attemptCells.get([l.value('provider', attempt.provider), l.value('model', t.model(attempt.model)), attempt.status ? String(attempt.status) : '', outcome]);
      a.attempts++;
      if (outcome !== 'skipped' && typeof attempt.duration_ms === 'number') a.upstream.observe(attempt.duration_ms / 1000);
    }
    const usage = event.usage;
    if (usage && !event.cached) {
      TOKEN_KINDS.forEach((kind, i) => {
        const n = usage[TOKEN_FIELDS[kind]];
        if (typeof n === 'number' && n > 0) cell.tokens[i] += n;
      });
    }
    if (typeof event.cost_usd === 'number' && event.cost_usd > 0) cell.cost += event.cost_usd;
  }
}
