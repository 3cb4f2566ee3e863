/**
 * `kit.guardrails`: where the gateway's guardrail service is, and its evaluate endpoint when that
 * service runs in this process. Core fills it from its settings and the planes it started (one
 * object per started Portcullis, so several in one process never see each other's service); a
 * plugin reads it per call, since the co-located plane's port is known only once it listens,
 * after the first snapshot is built. No process-wide state: two Portcullis in one process each
 * call their own plane in process.
 */
import { serviceKey, type InProcessEvaluator } from '../guardrail/in-process.js';

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

/** The guardrail service of one started Portcullis: core names its co-located plane once it listens. */
export class GuardrailLocation implements GuardrailService {
  private colocated?: { url: string; key: string | undefined; evaluator?: InProcessEvaluator };
  /** Service keys of the URLs asked for (a handful, from config): asked on every guarded request. */
  private readonly keysByUrl = new Map<string, string | undefined>();

  constructor(private readonly configured?: string) {}

  get url(): string {
    return this.configured || this.colocated?.url || DEFAULT_GUARDRAIL_URL;
  }

  /**
   * Core: the guardrail plane of this process listens at `url` and answers in process through
   * `evaluator`. Returns a function that restores what was there before, unless something was
   * colocated over it since (a plane that stops forgets itself).
   */
  colocate(url: string, evaluator?: InProcessEvaluator): () => void {
    const previous = this.colocated;
    const entry = { url, key: serviceKey(url), evaluator };
    this.colocated = entry;
    return () => {
      if (this.colocated === entry) this.colocated = previous;
    };
  }

  inProcess(url: string): InProcessEvaluator | undefined {
    const colocated = this.colocated;
    if (!colocated?.evaluator || colocated.key === undefined) return undefined;
    if (!this.keysByUrl.has(url)) {
      if (this.keysByUrl.size >= 256) this.keysByUrl.clear();
      this.keysByUrl.set(url, serviceKey(url));
    }
    return this.keysByUrl.get(url) === colocated.key ? colocated.evaluator : undefined;
  }
}
