/**
 * The one error type of the console's API calls: the status and the API's own
 * `{error, message}`, plus the field the message names when it names one, so a form can show
 * the message beside that field.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The stable snake_case code (`validation_failed`, `conflict`, ...); `network_error` when no answer came. */
  readonly error: string;
  /** The field named by the message, as a JSON pointer without the leading slash (`slug`, `settings/limit`). */
  readonly field?: string;

  constructor(status: number, error: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.error = error;
    this.field = fieldNamedBy(error, message);
  }
}

/**
 * The field an API message names: a validation message starts with the field's JSON pointer
 * (`/slug must match pattern ...`); a conflict names the taken fields (`slug already in use`).
 */
export function fieldNamedBy(error: string, message: string): string | undefined {
  const pointer = /^\/([A-Za-z0-9_\-/]+)(?:\s|$)/.exec(message);
  if (pointer && (error === 'validation_failed' || error === 'unknown_field' || error === 'invalid_request')) return pointer[1];
  const taken = /^([a-z0-9_]+)(?:, [a-z0-9_]+)* already in use/.exec(message);
  if (taken && error === 'conflict') return taken[1];
  return undefined;
}

/** The error of a failed answer: the API's `{error, message}`, or the proxy's `{error: {type, message}}`. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (typeof record.error === 'string') return new ApiError(status, record.error, typeof record.message === 'string' ? record.message : record.error);
  if (record.error && typeof record.error === 'object') {
    const nested = record.error as Record<string, unknown>;
    const code = typeof nested.code === 'string' ? nested.code : typeof nested.type === 'string' ? nested.type : 'error';
    return new ApiError(status, code, typeof nested.message === 'string' ? nested.message : code);
  }
  return new ApiError(status, 'unexpected_answer', `the server answered ${status}`);
}
