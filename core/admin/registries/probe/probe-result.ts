/** The stages a registry test runs, in order (API.md). */
const PROBE_STAGES = ['resolve', 'connect', 'tls', 'auth', 'request', 'response'] as const;
/** One registry test stage. */
export type ProbeStage = (typeof PROBE_STAGES)[number];

/** What `POST .../registries/test` answers (always with HTTP 200). */
export interface ProbeResult {
  ok: boolean;
  /** The last stage reached: where it failed, or `response` when every stage passed. */
  stage: ProbeStage;
  message: string;
  status?: number;
  url?: string;
  latency_ms: number;
}

/** A stage that did not pass. */
export class ProbeFailure extends Error {
  constructor(
    readonly stage: ProbeStage,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProbeFailure';
  }
}
