/**
 * The one registry of error codes. Every GatewayError is built from an entry here, so a code
 * always means the same status and the admin/guardrail `error` field is a stable snake_case
 * string clients can branch on.
 */
export interface ErrorCodeSpec {
  status: number;
  /** Default message; safe to show clients. */
  message: string;
  /** Whether a caller-provided message may be shown (Koa's `expose`). 5xx default to hidden. */
  expose: boolean;
  retryable: boolean;
}

const spec = (status: number, message: string, retryable = false): ErrorCodeSpec => ({
  status,
  message,
  expose: status < 500,
  retryable,
});

export const ERROR_CODES = {
  invalid_json: spec(400, 'request body is not valid JSON'),
  invalid_request: spec(400, 'invalid request'),
  unsupported_feature: spec(400, 'the request uses a feature the selected upstream cannot express'),
  method_not_allowed: spec(400, 'method not allowed on this path'),
  unknown_field: spec(400, 'unknown field'),
  unauthorized: spec(401, 'missing or invalid credentials'),
  forbidden: spec(403, 'not allowed'),
  guardrail_blocked: spec(403, 'blocked by a guardrail policy'),
  model_not_allowed: spec(403, 'model not allowed for this consumer'),
  not_found: spec(404, 'not found'),
  conflict: spec(409, 'conflict'),
  payload_too_large: spec(413, 'payload too large'),
  validation_failed: spec(422, 'validation failed'),
  rate_limited: spec(429, 'rate limit exceeded', true),
  budget_exceeded: spec(429, 'budget exceeded'),
  internal_error: spec(500, 'internal error'),
  upstream_error: spec(502, 'upstream error', true),
  upstream_unreachable: spec(502, 'upstream unreachable', true),
  no_capable_registry: spec(503, 'no registry can serve this request', true),
  plugin_failed: spec(503, 'a policy failed and is configured to fail closed', true),
  plugin_invalid_rejection: spec(500, 'a policy rejected the request without a valid reason'),
  store_unavailable: spec(503, 'the configuration store is unavailable', true),
  detector_failed: spec(503, 'a detector failed and the deployment fails closed', true),
  upstream_timeout: spec(504, 'upstream timed out', true),
  /** Nobody is left to answer: logged at info level, never as a failure of the gateway. */
  client_closed: spec(499, 'the client closed the connection'),
  headers_too_large: spec(431, 'request headers too large'),
  request_timeout: spec(408, 'the request was not received in time'),
  egress_refused: spec(502, 'the gateway\'s egress policy refuses the upstream address (an internal or non-http address)'),
  /** A reachable upstream refused the gateway's own credential (401/403): not the same as unreachable. */
  upstream_auth_failed: spec(502, 'the upstream refused the gateway\'s credential'),
  /** An MCP registry whose tools' merged names collide or exceed 64 characters (`options.tool_aliases` renames a tool). */
  tool_name_conflict: spec(422, 'merged tool names conflict'),
  /** `/metrics` of a `--workers N` tree whose primary did not send the summed metrics in time. */
  metrics_unavailable: spec(503, 'the metrics of the worker processes could not be gathered', true),
  /** A Store install for a user whose access level for the server is none (spec 3.3). */
  store_access_none: spec(409, 'the user\'s access level for this Store server is none'),
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;
