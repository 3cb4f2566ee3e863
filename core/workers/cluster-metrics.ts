/**
 * `/metrics` of a `--workers N` tree: one scrape, whichever process answers it, gives the sum
 * over the primary and every worker (aggregate-metrics.ts), so Prometheus sees one gateway as
 * it sees a single process. A worker's scrape asks the primary over the IPC channel; the primary
 * asks each live worker for its registries, adds its own, and sums. A worker that does not answer
 * within COLLECT_TIMEOUT_MS is left out of that scrape (logged), so one stuck worker cannot stall
 * every scrape.
 */
import { aggregateMetrics } from '../observability/aggregate-metrics.js';
import type { GatewayMetrics, MetricsJson, MetricsSource } from '../observability/gateway-metrics.js';
import type { Logger } from '../logging/logger.js';
import { isMessage, type WorkerChannel } from './worker-messages.js';

/** How long the primary waits for one worker's metrics. */
const COLLECT_TIMEOUT_MS = 2_000;
/** How long a worker waits for the primary's sum before its scrape fails. */
const GATHER_TIMEOUT_MS = 5_000;

/** The primary's side: knows the live workers' channels and sums their metrics with its own. */
export class ClusterMetrics {
  private readonly workers = new Map<number, WorkerChannel>();
  private own: GatewayMetrics | undefined;
  private nextId = 1;

  constructor(private readonly log: Logger) {}

  /** The primary's `/metrics` (admin plane, loopback planes): the tree's sum. */
  source(own: GatewayMetrics): MetricsSource {
    this.own = own;
    return { contentType: own.contentType, text: () => this.text() };
  }

  /** Adds the worker of `slot` to every scrape and answers its own scrapes; returns its removal. */
  attach(slot: number, channel: WorkerChannel): () => void {
    this.workers.set(slot, channel);
    const onMessage = (message: unknown) => {
      if (!isMessage(message, 'portcullis:metrics-gather')) return;
      this.text().then(
        (text) => send(channel, { type: 'portcullis:metrics-gathered', id: message.id, text }),
        (err: unknown) => send(channel, { type: 'portcullis:metrics-gathered', id: message.id, error: (err as Error)?.message ?? String(err) }),
      );
    };
    channel.on('message', onMessage);
    return () => {
      channel.off('message', onMessage);
      if (this.workers.get(slot) === channel) this.workers.delete(slot);
    };
  }

  /** The Prometheus text summed over this process and every worker that answers in time. */
  async text(): Promise<string> {
    const parts = await Promise.all([this.own?.json() ?? Promise.resolve([]), ...[...this.workers].map(([slot, channel]) => this.collect(slot, channel))]);
    return aggregateMetrics(parts.flat());
  }

  /** One worker's registries, or none when it does not answer in time. */
  private collect(slot: number, channel: WorkerChannel): Promise<MetricsJson[]> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const done = (metrics: MetricsJson[]) => {
        clearTimeout(timer);
        channel.off('message', onMessage);
        resolve(metrics);
      };
      const onMessage = (message: unknown) => {
        if (isMessage(message, 'portcullis:metrics-collected') && message.id === id) done(message.metrics);
      };
      const timer = setTimeout(() => {
        this.log.warn('a worker did not send its metrics in time; this scrape leaves it out', { worker: slot, timeout_ms: COLLECT_TIMEOUT_MS });
        done([]);
      }, COLLECT_TIMEOUT_MS);
      channel.on('message', onMessage);
      if (!send(channel, { type: 'portcullis:metrics-collect', id })) done([]);
    });
  }
}

/** Sends on a channel that may have closed (a worker that just died); false when it could not. */
function send(channel: WorkerChannel, message: Parameters<WorkerChannel['send']>[0]): boolean {
  try {
    return channel.send(message);
  } catch {
    return false;
  }
}

/**
 * A worker's side: answers the primary's collects with `own`'s registries, and makes its
 * `/metrics` the tree's sum by asking the primary. Returns the source and a stop.
 */
export function workerMetrics(channel: WorkerChannel, own: GatewayMetrics): { source: MetricsSource; close(): void } {
  const pending = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();
  let nextId = 1;
  const onMessage = (message: unknown) => {
    if (isMessage(message, 'portcullis:metrics-collect')) {
      own.json().then((metrics) => send(channel, { type: 'portcullis:metrics-collected', id: message.id, metrics }), () => send(channel, { type: 'portcullis:metrics-collected', id: message.id, metrics: [] }));
    } else if (isMessage(message, 'portcullis:metrics-gathered')) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.text !== undefined) waiter?.resolve(message.text);
      else waiter?.reject(new Error(message.error ?? 'the primary sent no metrics'));
    }
  };
  channel.on('message', onMessage);
  const text = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error('the primary did not send the metrics in time'));
      }, GATHER_TIMEOUT_MS);
      pending.set(id, {
        resolve: (value) => (clearTimeout(timer), resolve(value)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
      if (!send(channel, { type: 'portcullis:metrics-gather', id })) pending.get(id)?.reject(new Error('the primary is gone'));
    });
  return { source: { contentType: own.contentType, text }, close: () => channel.off('message', onMessage) };
}
