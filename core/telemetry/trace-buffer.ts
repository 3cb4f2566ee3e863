import { LRUCache } from 'lru-cache';
import type { TelemetryEvent } from './telemetry-event.js';

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
  /** The metrics events as emitted: the trace record is assembled only when someone asks for it. */
  private readonly traces: LRUCache<string, TelemetryEvent>;

  constructor(max = TRACE_MAX_ENTRIES, ttlMs = TRACE_TTL_MS) {
    this.traces = new LRUCache({ max, ttl: ttlMs });
  }

  add(event: TelemetryEvent): void {
    const { trace_id: traceId, gateway_id: gatewayId } = event.data;
    if (typeof traceId === 'string') this.traces.set(`${String(gatewayId)}:${traceId}`, event);
  }

  /** The trace: the event's data with the data plane that served it and the time. */
  get(gatewayId: string, traceId: string): Record<string, unknown> | undefined {
    const event = this.traces.get(`${gatewayId}:${traceId}`);
    return event && { ...event.data, node_id: event.node_id, at: event.at };
  }
}
