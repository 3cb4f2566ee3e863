/**
 * `kit.guardrails`: where the gateway's guardrail service is, and its evaluate endpoint when that
 * service runs in this process. Core fills it from its settings and the planes it started (one
 * object per started Portcullis, so several in one process never see each other's service); a
 * plugin reads it per call, since the co-located plane's port is known only once it listens,
 * after the first snapshot is built.
 */
import { inProcessEvaluator, type InProcessEvaluator } from '../guardrail/in-process.js';

/** The documented fallback when nothing is configured: the guardrail plane's default port. */
export const DEFAULT_GUARDRAIL_URL = 'http://127.0.0.1:8002';

export interface GuardrailService {
  /**
   * The operator's guardrail service base URL: the configured one (`--guardrail-url`,
   * `PORTCULLIS_GUARDRAIL_URL`), else the guardrail plane of this process, else
   * http://127.0.0.1:8002.
   */
  readonly url: string;
  /** The evaluate endpoint of the guardrail plane at `url` when that plane runs in this process (call it without HTTP). */
  inProcess(url: string): InProcessEvaluator | undefined;
}

/** The guardrail service of one started Portcullis: core sets the co-located plane's URL once it listens. */
export class GuardrailLocation implements GuardrailService {
  /** The co-located guardrail plane's base URL, once it listens. */
  colocated: string | undefined;

  constructor(private readonly configured?: string) {}

  get url(): string {
    return this.configured || this.colocated || DEFAULT_GUARDRAIL_URL;
  }

  inProcess(url: string): InProcessEvaluator | undefined {
    return inProcessEvaluator(url);
  }
}
