import type { ChainMember } from '../pipeline/chain.js';
import type { Exchange, Outcome, RouteDecision } from '../pipeline/exchange.js';
import { STAGE } from '../pipeline/stages.js';
import type { RecordedTap } from '../plugin/tap-recorder.js';
import type { Usage } from '../canonical/index.js';
import { requestCostUsd } from '../observability/request-cost.js';
import type { TelemetryEvent, TelemetrySink } from './telemetry-event.js';
import { mcpEventOf, type McpEventData } from './mcp-event.js';

/** One upstream attempt as the metrics event reports it. */
export interface MetricsEventAttempt {
  registry_id: string;
  provider: string;
  model: string;
  status?: number;
  outcome?: string;
  trigger?: string;
  duration_ms?: number;
  wait_ms?: number;
}

/**
 * The data of a `metric` event: the one record of a proxied request that the store, the
 * playground trace, Prometheus and the OTLP log record are all built from.
 */
export interface MetricsEventData {
  trace_id: string;
  gateway_id?: string;
  gateway_slug?: string;
  consumer_id?: string;
  consumer_slug?: string;
  method: string;
  route: string;
  operation: string;
  client_format?: string;
  requested_model?: string;
  provider?: string;
  model?: string;
  registry_id?: string;
  status: number;
  error?: string;
  /** Latency breakdown (ms): the whole request, upstream attempts, backoff between retries, and the rest (gateway overhead). */
  duration_ms: number;
  upstream_ms: number;
  retry_wait_ms: number;
  gateway_ms: number;
  cached: boolean;
  streamed: boolean;
  usage?: Usage;
  /** US dollars at list price; absent when the model has no known price. A cache hit costs 0. */
  cost_usd?: number;
  attempts: MetricsEventAttempt[];
  /** Shared between events of the same policy chain: never mutated. */
  policies: readonly string[];
  findings: Array<{ plugin: string; type: string; action: string }>;
  route_reason?: string;
  /** Smart routing: the prompt's complexity tier. */
  complexity_tier?: 'simple' | 'medium' | 'hard';
  /** Why the request went where it did: candidates, drop reasons, the chosen target (bounded; built by the router). */
  route_decision?: RouteDecision;
  /** MCP requests: era, method and the tool call (mcp-event.ts). */
  mcp?: McpEventData;
}

const ms = (x: number) => Math.round(x * 100) / 100;

/** The metrics event of one proxied request (no prompt or completion content, no credentials). */
export function metricsEventOf(ctx: Exchange, outcome: Outcome): TelemetryEvent {
  let upstreamMs = 0;
  let waitMs = 0;
  const attempts: MetricsEventAttempt[] = [];
  for (const a of ctx.attempts) {
    upstreamMs += a.durationMs ?? 0;
    waitMs += a.waitMs ?? 0;
    attempts.push({ registry_id: a.registryId, provider: a.provider, model: a.model, status: a.status, outcome: a.outcome, trigger: a.trigger, duration_ms: a.durationMs, wait_ms: a.waitMs });
  }
  const last = ctx.attempts.length ? ctx.attempts[ctx.attempts.length - 1] : undefined;
  // A tool call's upstream time is its latency, so gateway_ms is what the gateway added to it.
  const toolCall = ctx.mcp?.toolCall;
  if (toolCall) upstreamMs += toolCall.latencyMs;
  const consumer = ctx.consumer;
  const data: MetricsEventData = {
    trace_id: ctx.traceId,
    gateway_id: consumer?.gatewayId,
    gateway_slug: consumer ? ctx.snapshot.gateway(consumer.gatewayId)?.slug : undefined,
    consumer_id: consumer?.id,
    consumer_slug: consumer?.slug,
    method: ctx.incoming.method,
    route: ctx.incoming.route,
    operation: ctx.operation,
    client_format: ctx.clientFormat,
    requested_model: ctx.request?.model,
    provider: last?.provider,
    model: last?.model,
    registry_id: last?.registryId ?? toolCall?.registryId,
    status: outcome.status,
    error: outcome.error?.code,
    duration_ms: ms(outcome.durationMs),
    upstream_ms: ms(upstreamMs),
    retry_wait_ms: ms(waitMs),
    gateway_ms: ms(Math.max(0, outcome.durationMs - upstreamMs - waitMs)),
    cached: outcome.cached,
    streamed: outcome.streamed,
    usage: outcome.usage,
    cost_usd: outcome.cached ? 0 : requestCostUsd(outcome.usage, last && ctx.snapshot.registry(last.registryId), last?.model),
    attempts,
    policies: consumer ? ctx.snapshot.policyTypesFor(consumer) : [],
    findings: ctx.findings.map((f) => ({ plugin: f.plugin, type: f.type, action: f.action })),
    route_reason: ctx.route?.reason,
    complexity_tier: ctx.route?.complexity?.tier,
    route_decision: ctx.route?.decision,
    mcp: ctx.mcp && mcpEventOf(ctx.mcp),
  };
  return { kind: 'metric', at: new Date().toISOString(), data: data as unknown as Record<string, unknown> };
}

/** The core's observe tap: one metrics event per request into the telemetry sink. */
export function metricsMember(sink: TelemetrySink): ChainMember {
  return {
    plugin: 'core_metrics',
    priority: 0,
    parallel: false,
    failureMode: 'open',
    taps: [
      {
        hook: 'observe',
        stage: STAGE.LAST,
        // Synchronous: the sink only queues the event.
        sync: true,
        fn: ((outcome: Outcome, ctx: Exchange) => sink.emit(metricsEventOf(ctx, outcome))) as RecordedTap['fn'],
      },
    ],
  };
}
