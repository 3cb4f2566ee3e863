/**
 * The OpenTelemetry log record of one proxied request, built from its metrics event. It carries
 * identifiers, models, tokens, cost, timings, the policy chain, the routing decision and the routing attempts; never
 * prompt or completion text, headers or credentials (the metrics event holds none).
 */
import { SeverityNumber, type AnyValueMap, type LogRecord } from '@opentelemetry/api-logs';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import { routeTemplate } from './labels.js';
import { mcpLogAttributes } from './mcp-log-attributes.js';

/** The record's event name. */
export const REQUEST_EVENT_NAME = 'portcullis.proxy.request';

/** Drops undefined and null values (OTLP has no use for empty attributes). */
function defined(map: Record<string, unknown>): AnyValueMap {
  const out: AnyValueMap = {};
  for (const [key, value] of Object.entries(map)) if (value !== undefined && value !== null) out[key] = value as AnyValueMap[string];
  return out;
}

function severityOf(status: number): { severityNumber: SeverityNumber; severityText: string } {
  if (status >= 500) return { severityNumber: SeverityNumber.ERROR, severityText: 'ERROR' };
  if (status >= 400) return { severityNumber: SeverityNumber.WARN, severityText: 'WARN' };
  return { severityNumber: SeverityNumber.INFO, severityText: 'INFO' };
}

/** The routing decision as attributes: strategy, tier, filters, the listed candidates with their outcome and drop reason, the chosen target. */
function routeDecisionAttributes(data: MetricsEventData): Record<string, unknown> {
  const decision = data.route_decision;
  if (!decision) return {};
  return {
    'portcullis.route.strategy': decision.strategy,
    'portcullis.route.tier': decision.tier,
    'portcullis.route.filters': decision.filters,
    'portcullis.route.candidates': decision.candidates.map((c) =>
      defined({ reference: c.reference, registry_id: c.registry_id, model: c.model, outcome: c.outcome, reason: c.reason }),
    ),
    'portcullis.route.candidates_omitted': decision.omitted,
    'portcullis.route.skipped_references': decision.skipped_references.map((s) => defined({ reference: s.reference, reason: s.reason })),
    'portcullis.route.chosen.registry_id': decision.chosen?.registry_id,
    'portcullis.route.chosen.model': decision.chosen?.model,
  };
}

/** The log record of the request the metrics event `data` (emitted at `at`) describes. */
export function requestLogRecord(data: MetricsEventData, at: string): LogRecord {
  const route = routeTemplate(data.route);
  const usage = data.usage;
  return {
    eventName: REQUEST_EVENT_NAME,
    timestamp: new Date(at),
    ...severityOf(data.status),
    body: `${data.method} ${route} ${data.status}`,
    attributes: defined({
      'portcullis.trace_id': data.trace_id,
      'portcullis.gateway.id': data.gateway_id,
      'portcullis.gateway.slug': data.gateway_slug,
      'portcullis.consumer.id': data.consumer_id,
      'portcullis.consumer.slug': data.consumer_slug,
      'http.request.method': data.method,
      'http.route': route,
      'http.response.status_code': data.status,
      'portcullis.operation': data.operation,
      'portcullis.client_format': data.client_format,
      'gen_ai.request.model': data.requested_model,
      'gen_ai.response.model': data.model,
      'gen_ai.provider.name': data.provider,
      'portcullis.registry.id': data.registry_id,
      'portcullis.route_reason': data.route_reason,
      ...routeDecisionAttributes(data),
      'gen_ai.usage.input_tokens': usage?.input_tokens,
      'gen_ai.usage.output_tokens': usage?.output_tokens,
      'portcullis.usage.cached_input_tokens': usage?.cached_input_tokens,
      'portcullis.usage.cache_write_tokens': usage?.cache_creation_input_tokens,
      'portcullis.usage.reasoning_tokens': usage?.reasoning_tokens,
      'portcullis.usage.total_tokens': usage?.total_tokens,
      'portcullis.cost_usd': data.cost_usd,
      'portcullis.latency.total_ms': data.duration_ms,
      'portcullis.latency.upstream_ms': data.upstream_ms,
      'portcullis.latency.retry_wait_ms': data.retry_wait_ms,
      'portcullis.latency.gateway_ms': data.gateway_ms,
      'portcullis.policies': data.policies ?? [],
      'portcullis.attempts': (data.attempts ?? []).map((a) =>
        defined({ provider: a.provider, model: a.model, registry_id: a.registry_id, status: a.status, outcome: a.outcome, trigger: a.trigger, duration_ms: a.duration_ms }),
      ),
      'portcullis.attempt_count': (data.attempts ?? []).length,
      'portcullis.findings': (data.findings ?? []).map((f) => defined({ plugin: f.plugin, type: f.type, action: f.action })),
      'portcullis.cache_hit': !!data.cached,
      'portcullis.stream': !!data.streamed,
      'error.type': data.error,
      ...mcpLogAttributes(data),
    }),
  };
}
