/**
 * In-process evaluation: the guardrail plane of a running Portcullis hands its evaluate endpoint
 * to that Portcullis's guardrail service (`kit.guardrails`, core/plugin/guardrail-service.ts), and
 * a caller whose service URL names that plane (the gateway's `guardrails` plugin, by default)
 * calls it directly instead of over loopback HTTP.
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

/** The key of a service base URL: origin and path, without trailing slashes; undefined if it is no URL. */
export function serviceKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}
