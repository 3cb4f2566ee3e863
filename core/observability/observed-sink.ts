/**
 * A telemetry sink that shows every event to observers (Prometheus, OTLP) before queueing it.
 * Events reach it after the response (metrics events come from the `observe` tap), so
 * observers only count and hand records to their own batching exporters.
 */
import type { Logger } from '../logging/logger.js';
import type { TelemetryEvent, TelemetrySink } from '../telemetry/telemetry-event.js';

/** Something that reads telemetry events as they are emitted. Must not block or throw. */
export interface TelemetryObserver {
  observe(event: TelemetryEvent): void;
}

/** A sink with its queue depth, as BatchingSink has. */
export type QueueSink = TelemetrySink & { readonly pending?: number };

/** Wraps `inner` so that `observers` see each event; the sink contract (never blocks, never throws) holds. */
export function observedSink(inner: QueueSink, observers: readonly TelemetryObserver[], log: Logger): QueueSink {
  let warned = false;
  return {
    emit(event) {
      for (const observer of observers) {
        try {
          observer.observe(event);
        } catch (err) {
          // One warning: a broken observer must not flood the log on every request.
          if (!warned) log.warn('telemetry observer failed', { kind: event.kind, error: (err as Error).message });
          warned = true;
        }
      }
      inner.emit(event);
    },
    get dropped() {
      return inner.dropped;
    },
    get pending() {
      return inner.pending;
    },
    flush: () => inner.flush(),
    close: () => inner.close(),
  };
}
