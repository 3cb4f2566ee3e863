/** Shared helpers of the observability unit tests. */
import type { Logger } from '../../../../core/logging/logger.js';
import type { MetricsEventData } from '../../../../core/telemetry/metrics-event.js';

/** A Logger that records warn and info lines. */
export function recordingLog(): Logger & { lines: Array<{ level: string; message: string; meta?: unknown }> } {
  const lines: Array<{ level: string; message: string; meta?: unknown }> = [];
  const at = (level: string) => (message: string, meta?: unknown) => {
    lines.push({ level, message, meta });
  };
  return { lines, warn: at('warn'), info: at('info'), error: at('error'), debug: at('debug') } as unknown as Logger & { lines: typeof lines };
}

/** A metrics event of a successful chat request, with overrides. */
export function metricsEvent(overrides: Partial<MetricsEventData> = {}): MetricsEventData {
  return {
    trace_id: '0d9e0c1e-5a57-4f4e-a5a4-3c1f7d8e9b10',
    gateway_id: 'gw-1',
    gateway_slug: 'acme',
    consumer_id: 'c-1',
    consumer_slug: 'app',
    method: 'POST',
    route: '/v1/chat/completions',
    operation: 'chat',
    client_format: 'openai-chat',
    requested_model: 'auto',
    provider: 'openai',
    model: 'gpt-4o-mini',
    registry_id: 'r-1',
    status: 200,
    duration_ms: 120.5,
    upstream_ms: 100,
    retry_wait_ms: 10,
    gateway_ms: 10.5,
    cached: false,
    streamed: false,
    usage: { input_tokens: 30, output_tokens: 12, total_tokens: 42, cached_input_tokens: 5 },
    cost_usd: 0.0000123,
    attempts: [
      { registry_id: 'r-0', provider: 'anthropic', model: 'claude-x', status: 529, outcome: 'fallback', trigger: '5xx', duration_ms: 40 },
      { registry_id: 'r-1', provider: 'openai', model: 'gpt-4o-mini', status: 200, outcome: 'ok', duration_ms: 60 },
    ],
    policies: ['rate_limiter', 'data_loss_prevention'],
    findings: [{ plugin: 'data_loss_prevention', type: 'email', action: 'transform' }],
    route_reason: 'auto:round_robin',
    ...overrides,
  };
}
