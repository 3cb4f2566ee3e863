/**
 * In-process evaluation: a guardrail plane running in this process registers its evaluate
 * endpoint under the URL it listens on, and a caller whose service URL names that plane (the
 * gateway's `guardrails` plugin, by default) calls it directly instead of over loopback HTTP.
 * The exchange is the HTTP one without the socket: the `Authorization` header value and the
 * JSON body text in, the status and the JSON body text out, through the same reading, checks,
 * evaluation, Activity record and error answers as `POST /v1/evaluate`.
 */

/** A `POST /v1/evaluate` request, as HTTP would carry it. */
export interface EvaluateExchange {
  /** The `Authorization` header value (`Bearer tgk_...`); empty when absent. */
  authorization: string;
  /** The JSON body, as text. */
  body: string;
}

/** The answer HTTP would give: its status and JSON body text. */
export interface EvaluateAnswer {
  status: number;
  body: string;
}

/** The evaluate endpoint of a guardrail plane in this process. */
export interface InProcessEvaluator {
  evaluate(request: EvaluateExchange): Promise<EvaluateAnswer>;
}

const evaluators = new Map<string, InProcessEvaluator>();

/** The registry key of a service base URL: origin and path, without trailing slashes; undefined if it is no URL. */
function serviceKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/**
 * Registers the evaluator of the plane listening at `url` (its base URL, as published for the
 * gateway). Returns a function that removes it again, restoring an earlier registration of the
 * same URL, unless something registered over it since (test gateways come and go in one process).
 */
export function registerInProcessEvaluator(url: string, evaluator: InProcessEvaluator): () => void {
  const key = serviceKey(url);
  if (!key) return () => undefined;
  const previous = evaluators.get(key);
  evaluators.set(key, evaluator);
  return () => {
    if (evaluators.get(key) !== evaluator) return;
    if (previous) evaluators.set(key, previous);
    else evaluators.delete(key);
  };
}

/** Service keys of the URLs asked for (a handful, from config): asked on every guarded request. */
const keysByUrl = new Map<string, string | undefined>();

/** The evaluator of the plane at service base URL `url`, when that plane runs in this process. */
export function inProcessEvaluator(url: string): InProcessEvaluator | undefined {
  if (!keysByUrl.has(url)) {
    if (keysByUrl.size >= 256) keysByUrl.clear();
    keysByUrl.set(url, serviceKey(url));
  }
  const key = keysByUrl.get(url);
  return key === undefined ? undefined : evaluators.get(key);
}
