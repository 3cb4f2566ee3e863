import type { ErrorCode } from '../errors/codes.js';
import { brandedInstanceCheck, setBrand } from '../errors/brand.js';
import { GatewayError } from '../errors/gateway-error.js';

const REJECTION = Symbol.for('portcullis.Rejection');

export interface RejectDetail {
  message?: string;
  /** Seconds until a retry may succeed (sets `Retry-After`). */
  retryAfter?: number;
  headers?: Record<string, string>;
  param?: string;
}

/**
 * An expected refusal returned (not thrown) by a gate: a bail hook stops at the first one. A
 * thrown error means the plugin broke, and its failure mode decides what happens.
 */
export class Rejection {
  /** Recognises a Rejection from another copy of this module (see core/errors/brand.ts). */
  static [Symbol.hasInstance](value: unknown): boolean {
    return brandedInstanceCheck(Rejection, this, REJECTION, value);
  }

  readonly error: GatewayError;
  constructor(code: ErrorCode, detail: RejectDetail = {}) {
    setBrand(this, REJECTION);
    const headers = { ...detail.headers };
    if (detail.retryAfter !== undefined) headers['retry-after'] = String(Math.max(0, Math.ceil(detail.retryAfter)));
    this.error = new GatewayError(code, { message: detail.message, headers, param: detail.param, source: 'gateway' });
  }
}
