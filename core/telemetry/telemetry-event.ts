/**
 * Telemetry records leave the request path through a bounded queue. `kind` says where the
 * control plane (or the local store) files them: `metric` (one per proxied request),
 * `activity` (guardrail evaluation findings).
 */
export interface TelemetryEvent {
  kind: 'metric' | 'activity';
  /** ISO time the event happened. */
  at: string;
  /** The data plane that produced it (set when shipped). */
  node_id?: string;
  data: Record<string, unknown>;
  /** The W3C `traceparent` the request carried, for its span (traces only; never stored). */
  traceparent?: string;
}

/** Where telemetry goes: the local store, or a control plane. */
export interface TelemetrySink {
  /** Never blocks and never throws: the event is queued (or dropped and counted). */
  emit(event: TelemetryEvent): void;
  /** Events dropped because the buffer was full. */
  readonly dropped: number;
  /** Delivers what is queued now (shutdown, tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Where stored telemetry lives (metrics events are kept as short-lived traces, not stored). */
export const TELEMETRY_COLLECTIONS = {
  activity: 'activity',
} as const;
