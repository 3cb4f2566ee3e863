import type { ChainMember } from '../pipeline/chain.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import { STAGE } from '../pipeline/stages.js';
import type { RecordedTap } from '../plugin/tap-recorder.js';
import type { TelemetryEvent, TelemetrySink } from './telemetry-event.js';

/** The metrics event of one proxied request (no prompt or completion content, no credentials). */
export function metricsEventOf(ctx: Exchange, outcome: Outcome): TelemetryEvent {
  const last = ctx.attempts.at(-1);
  return {
    kind: 'metric',
    at: new Date().toISOString(),
    data: {
      trace_id: ctx.traceId,
      gateway_id: ctx.consumer?.gatewayId,
      consumer_id: ctx.consumer?.id,
      route: ctx.incoming.route,
      operation: ctx.operation,
      client_format: ctx.clientFormat,
      requested_model: ctx.request?.model,
      provider: last?.provider,
      model: last?.model,
      registry_id: last?.registryId,
      status: outcome.status,
      error: outcome.error?.code,
      duration_ms: Math.round(outcome.durationMs * 100) / 100,
      cached: outcome.cached,
      streamed: outcome.streamed,
      usage: outcome.usage,
      attempts: ctx.attempts.map((a) => ({ registry_id: a.registryId, provider: a.provider, model: a.model, status: a.status, outcome: a.outcome, duration_ms: a.durationMs })),
      policies: ctx.consumer ? ctx.snapshot.policiesFor(ctx.consumer).map((p) => p.record.type) : [],
      findings: ctx.findings.map((f) => ({ plugin: f.plugin, type: f.type, action: f.action })),
      route_reason: ctx.route?.reason,
    },
  };
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
        sync: false,
        fn: (async (outcome: Outcome, ctx: Exchange) => sink.emit(metricsEventOf(ctx, outcome))) as RecordedTap['fn'],
      },
    ],
  };
}
