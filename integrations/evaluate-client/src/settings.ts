/**
 * The client's settings: what the caller passes, else the environment, else the defaults.
 * Resolved and checked once, when a client is made, so a misconfigured integration fails at
 * start and not on its first evaluation.
 *
 * | setting | option | environment fallback | default |
 * |---|---|---|---|
 * | service base URL | `apiBase` | `PORTCULLIS_GUARDRAIL_URL` | none: required |
 * | the collector's `tgk_` key | `collectorKey`, else `apiKey` | `PORTCULLIS_COLLECTOR_KEY`, else `PORTCULLIS_API_KEY` | none: required |
 * | time for one evaluation, retries included | `timeoutMs` | | 5000 |
 * | retries on 429, 502, 504 and connection errors | `maxRetries` | | 2 |
 * | first backoff, doubled per retry, capped | `backoffMs`, `maxBackoffMs` | | 250, 2000 |
 * | when the service is unreachable | `unreachable` | | `fail_closed` |
 */

/** When the service is unreachable: let traffic continue uninspected, or block it. */
export type UnreachableFallback = 'fail_open' | 'fail_closed';

/** The environment variables the client reads. */
export const ENVIRONMENT = Object.freeze({
  apiBase: 'PORTCULLIS_GUARDRAIL_URL',
  collectorKey: 'PORTCULLIS_COLLECTOR_KEY',
  apiKey: 'PORTCULLIS_API_KEY',
});

/** Options of an evaluate client; each unset one falls back as the table above says. */
export interface EvaluateClientOptions {
  /** The guardrail service's base URL (`https://guardrails.example.com`); `/v1/evaluate` is added. */
  apiBase?: string;
  /** The collector's `tgk_` key, sent as `Authorization: Bearer`. */
  collectorKey?: string;
  /** The same key under the name the coding-agent configs use; `collectorKey` wins when both are set. */
  apiKey?: string;
  /** Milliseconds one evaluation may take, retries and their waits included (default 5000). */
  timeoutMs?: number;
  /** Retries after a 429, 502, 504 or connection error (default 2). */
  maxRetries?: number;
  /** First backoff in ms, doubled per retry (default 250); a `Retry-After` header replaces it. */
  backoffMs?: number;
  /** Longest backoff in ms (default 2000). */
  maxBackoffMs?: number;
  /** Fail open or closed when the service is unreachable (default `fail_closed`). */
  unreachable?: UnreachableFallback;
  /** Where fallbacks are read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The fetch to call (default the global one), for a custom dispatcher or CA. */
  fetch?: typeof fetch;
}

/** Resolved settings. */
export interface ClientSettings {
  /** `<apiBase>/v1/evaluate`. */
  evaluateUrl: string;
  /** `Bearer tgk_...`. */
  authorization: string;
  timeoutMs: number;
  maxRetries: number;
  backoffMs: number;
  maxBackoffMs: number;
  unreachable: UnreachableFallback;
  fetch: typeof fetch;
}

/** A setting that cannot work: thrown when the client is made. */
export class EvaluateClientConfigError extends Error {
  override readonly name = 'EvaluateClientConfigError';
}

const DEFAULTS = { timeoutMs: 5000, maxRetries: 2, backoffMs: 250, maxBackoffMs: 2000, unreachable: 'fail_closed' as const };

const nonEmpty = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

function evaluateUrlOf(apiBase: string | undefined): string {
  if (!apiBase) throw new EvaluateClientConfigError(`the guardrail service URL is required: apiBase or ${ENVIRONMENT.apiBase}`);
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new EvaluateClientConfigError('the guardrail service URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EvaluateClientConfigError('the guardrail service URL must be http: or https:');
  if (url.username || url.password) throw new EvaluateClientConfigError('the guardrail service URL must not carry credentials; use the collector key');
  if (url.search || url.hash) throw new EvaluateClientConfigError('the guardrail service URL must be a base URL without a query or fragment');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}/v1/evaluate`;
}

function count(name: string, value: number | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new EvaluateClientConfigError(`${name} must be an integer of at least ${min}`);
  return value;
}

/** Resolves and checks the options; throws EvaluateClientConfigError naming the setting (never a key's value). */
export function resolveSettings(options: EvaluateClientOptions = {}): ClientSettings {
  const env = options.env ?? process.env;
  const key =
    nonEmpty(options.collectorKey) ?? nonEmpty(options.apiKey) ?? nonEmpty(env[ENVIRONMENT.collectorKey]) ?? nonEmpty(env[ENVIRONMENT.apiKey]);
  if (!key) throw new EvaluateClientConfigError(`the collector key is required: collectorKey, apiKey, ${ENVIRONMENT.collectorKey} or ${ENVIRONMENT.apiKey}`);
  if (!/^tgk_\S+$/.test(key)) throw new EvaluateClientConfigError('the collector key must be a tgk_ key (shown once when the key was created)');
  const unreachable = options.unreachable ?? DEFAULTS.unreachable;
  if (unreachable !== 'fail_open' && unreachable !== 'fail_closed') throw new EvaluateClientConfigError('unreachable must be fail_open or fail_closed');
  const backoffMs = count('backoffMs', options.backoffMs, DEFAULTS.backoffMs, 0);
  return {
    evaluateUrl: evaluateUrlOf(nonEmpty(options.apiBase) ?? nonEmpty(env[ENVIRONMENT.apiBase])),
    authorization: `Bearer ${key}`,
    timeoutMs: count('timeoutMs', options.timeoutMs, DEFAULTS.timeoutMs, 1),
    maxRetries: count('maxRetries', options.maxRetries, DEFAULTS.maxRetries, 0),
    backoffMs,
    maxBackoffMs: Math.max(backoffMs, count('maxBackoffMs', options.maxBackoffMs, DEFAULTS.maxBackoffMs, 0)),
    unreachable,
    fetch: options.fetch ?? globalThis.fetch,
  };
}
