import { brandedInstanceCheck, setBrand } from './brand.js';
import { ERROR_CODES, type ErrorCode } from './codes.js';

const GATEWAY_ERROR = Symbol.for('portcullis.GatewayError');

export type ErrorSource = 'gateway' | 'upstream' | 'plugin';

export interface GatewayErrorOptions {
  message?: string;
  /** The request field at fault (named in 400/422 answers). */
  param?: string;
  headers?: Record<string, string>;
  source?: ErrorSource;
  cause?: unknown;
  /** Overrides the registry status (upstream errors keep the upstream's status). */
  status?: number;
  /** Extra fields for the error body (admin/guardrail planes). */
  details?: Record<string, unknown>;
}

/**
 * The error every plane answers with. Built only from the code registry; `expose` decides
 * whether `message` reaches the client (5xx messages are replaced by the registry default).
 */
export class GatewayError extends Error {
  /** Recognises a GatewayError from another copy of this module (see brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return brandedInstanceCheck(GatewayError, this, GATEWAY_ERROR, value);
  }

  readonly code: ErrorCode;
  readonly status: number;
  readonly expose: boolean;
  readonly retryable: boolean;
  readonly source: ErrorSource;
  readonly param?: string;
  readonly headers: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, options: GatewayErrorOptions = {}) {
    const spec = ERROR_CODES[code];
    super(options.message ?? spec.message, { cause: options.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.status = options.status ?? spec.status;
    this.expose = spec.expose || options.source === 'upstream';
    this.retryable = spec.retryable;
    this.source = options.source ?? 'gateway';
    this.param = options.param;
    this.headers = options.headers ?? {};
    this.details = options.details;
    setBrand(this, GATEWAY_ERROR);
  }

  /** The message a client may see. */
  get publicMessage(): string {
    return this.expose ? this.message : ERROR_CODES[this.code].message;
  }
}

/** Any thrown value as a GatewayError (unknown failures become a hidden `internal_error`). */
export function toGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  return new GatewayError('internal_error', { cause: err });
}
