import { LRUCache } from 'lru-cache';

/** How long a playground trace can be fetched, and how many are kept at most. */
export const TRACE_TTL_MS = 15 * 60_000;
export const TRACE_MAX_ENTRIES = 20_000;

/**
 * Playground traces: the metrics event of each recent proxied request, by gateway and
 * `X-AG-Trace-Id`, kept in memory for a short time (spec 6) where the admin plane runs (the
 * single process, or the control plane receiving its data planes' telemetry). Bounded in count
 * and age; long-term request metrics go to Prometheus and OTLP, not to the config store.
 */
export class TraceBuffer {
  private readonly traces: LRUCache<string, Record<string, unknown>>;

  constructor(max = TRACE_MAX_ENTRIES, ttlMs = TRACE_TTL_MS) {
    this.traces = new LRUCache({ max, ttl: ttlMs });
  }

  add(event: Record<string, unknown>): void {
    if (typeof event.trace_id === 'string') this.traces.set(`${String(event.gateway_id)}:${event.trace_id}`, event);
  }

  get(gatewayId: string, traceId: string): Record<string, unknown> | undefined {
    return this.traces.get(`${gatewayId}:${traceId}`);
  }
}
