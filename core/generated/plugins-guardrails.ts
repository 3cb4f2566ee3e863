/* Generated from schemas/plugins/guardrails.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the gateway's guardrails plugin: sends each guarded stage of a chat exchange, and each MCP tool call, tool result and tool declaration, to the guardrail service's /v1/evaluate with a collector key and applies the verdict (block answered 403 in the client's format or as an isError tool result, transform forwarded masked).
 */
export interface GuardrailsSettings {
  /**
   * Base URL of the guardrail service. Default: the operator's (--guardrail-url, PORTCULLIS_GUARDRAIL_URL), else the guardrail plane of this process, else http://127.0.0.1:8002.
   */
  service_url?: string;
  /**
   * The collector's tgk_ key: {"credential_id": "<vault credential id>"} naming a vault credential of the same gateway whose secret is the key (recommended), or the key inline as a string (tests, local setups).
   */
  key:
    | {
        /**
         * Vault credential id (same gateway).
         */
        credential_id: string;
      }
    | string;
  /**
   * Which stages are evaluated: input (before the model; on the MCP plane, a tool call before it runs) and/or output (the answer, streams checked in windows; on the MCP plane, a tool's result).
   *
   * @minItems 1
   */
  directions?: ('input' | 'output')[];
  /**
   * Time allowed for one evaluation call; beyond it the call has failed (failure_mode applies).
   */
  timeout_ms?: number;
  /**
   * When the service cannot answer (unreachable, timeout, error status, unreadable or unappliable answer): fail_open lets the traffic through uninspected; fail_closed refuses it (503).
   */
  failure_mode?: 'fail_open' | 'fail_closed';
  /**
   * Let an ask verdict through (recorded as report). Off: ask is treated as block, since the gateway has nobody to ask.
   */
  allow_ask?: boolean;
  /**
   * How evaluations reach the service: auto calls the guardrail plane running in this process directly when service_url (or its default) names that plane, with the same checks, verdict and Activity record as over HTTP, and any other service over HTTP; http always calls over HTTP.
   */
  transport?: 'auto' | 'http';
  /**
   * MCP plane: evaluate each tool's declaration (title, description, input schema descriptions) as tool-sourced output when a consumer's toolkit is listed, and hide a tool whose verdict is block (tool poisoning). Verdicts are kept per tool and text until the configuration changes.
   */
  scan_tool_descriptions?: boolean;
  /**
   * Streamed answers are evaluated each time this many characters were added (and at the end), and the stream is stopped with the failure event when a window is blocked.
   */
  stream_window_chars?: number;
  /**
   * Each evaluation during a stream reads what was added since the previous one and at most this many characters before it, so a long answer costs time in proportion to its length; the evaluation when the answer ends reads all of it. A value above the answer's length reads the whole answer so far every time.
   */
  stream_window_context_chars?: number;
}
