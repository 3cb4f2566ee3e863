/**
 * Where the gateway's `guardrails` plugin sends evaluations when its settings name no service:
 * `PORTCULLIS_GUARDRAIL_URL`. An operator sets it for a separate guardrail deployment; when the
 * guardrail plane runs in the same process, bootstrap publishes the co-located plane's URL there
 * (its port may be chosen at start), unless the operator already named one.
 */
const GUARDRAIL_URL_ENV = 'PORTCULLIS_GUARDRAIL_URL';

/** The documented fallback when nothing is configured: the guardrail plane's default port. */
const DEFAULT_GUARDRAIL_URL = 'http://127.0.0.1:8002';

/** The service URL the plugin uses by default. */
export function guardrailServiceUrl(): string {
  return process.env[GUARDRAIL_URL_ENV] || DEFAULT_GUARDRAIL_URL;
}

/**
 * Publishes `url` as the default service URL; returns a function that restores the previous
 * value if nothing changed it since (several test gateways may start and stop in one process).
 */
export function publishGuardrailUrl(url: string | undefined): () => void {
  if (!url) return () => undefined;
  const previous = process.env[GUARDRAIL_URL_ENV];
  process.env[GUARDRAIL_URL_ENV] = url;
  return () => {
    if (process.env[GUARDRAIL_URL_ENV] !== url) return;
    if (previous === undefined) delete process.env[GUARDRAIL_URL_ENV];
    else process.env[GUARDRAIL_URL_ENV] = previous;
  };
}
