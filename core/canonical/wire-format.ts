import { brandedInstanceCheck, setBrand } from '../errors/brand.js';
import type { CanonicalRequest, WireFormatId } from './request.js';
import type { CanonicalResponse, StreamEvent } from './response.js';

/** One server-sent event as parsed off the wire (eventsource-parser's shape). */
export interface SseEvent {
  event?: string;
  data: string;
  id?: string;
}

/** What a client or upstream error means, independent of format. */
export interface ErrorInfo {
  /** HTTP status to answer with. */
  status: number;
  /** Canonical error kind; encoders map it to their own vocabulary. */
  kind:
    | 'invalid_request'
    | 'authentication'
    | 'permission'
    | 'not_found'
    | 'rate_limit'
    | 'request_too_large'
    | 'overloaded'
    | 'timeout'
    | 'upstream'
    | 'internal';
  message: string;
  /** Stable code (OpenAI `code`, gateway error code). */
  code?: string;
  /** The request field at fault, where known. */
  param?: string;
}

/** Per-request knobs for encoding a client-facing response or stream. */
export interface EncodeContext {
  /** The canonical request the client sent (decoded from its format). */
  request: CanonicalRequest;
  /** The model name to show the client (the upstream's answer model, or the client's reference). */
  model: string;
  /** Gemini only: the client asked for SSE (`alt=sse`) rather than a streamed JSON array. */
  sse?: boolean;
}

/** Turns one format's stream events into canonical events, one event at a time. */
export interface StreamDecoder {
  /** Canonical events carried by one upstream SSE event (possibly none). */
  push(event: SseEvent): StreamEvent[];
  /** Called when the upstream body ends; reports whether the format's terminal event was seen. */
  end(): { events: StreamEvent[]; complete: boolean };
}

/** Turns canonical events into one format's wire bytes (SSE text, or JSON-array text for Gemini). */
export interface StreamEncoder {
  /** Text to write for the stream's start (e.g. `[` for a Gemini JSON array); usually ''. */
  open(): string;
  /** Wire text for one canonical event (possibly ''). */
  write(event: StreamEvent): string;
  /** Wire text that ends a complete stream (`data: [DONE]`, `message_stop`, ...). */
  close(): string;
  /**
   * Wire text for a stream that failed after it started: exactly one data event whose JSON
   * has `error.message` and `error.type` (spec 6), and no normal terminator.
   */
  fail(message: string, type: string): string;
}

/**
 * A wire-format adapter: decodes and encodes requests, responses, stream events and errors of
 * one chat format. Pure and synchronous; providers (base URL, auth, paths) are catalog data.
 */
export interface WireFormat {
  readonly kind: 'wire-format';
  readonly id: WireFormatId;
  /**
   * Client body -> canonical request. Throws FormatError (400, naming the field) on a body that
   * is not a valid request of this format. `pathModel` and `stream` come from the URL where the
   * format puts them there (Gemini).
   */
  decodeRequest(body: unknown, from?: { pathModel?: string; stream?: boolean }): CanonicalRequest;
  /**
   * Canonical request -> upstream body for `model`. Throws UnsupportedFeatureError naming a
   * feature the format cannot express, rather than dropping it.
   */
  encodeRequest(request: CanonicalRequest, model: string): Record<string, unknown>;
  /**
   * Same-format pass-through: the client's body with only the routing fields rewritten (the
   * model), so fields the gateway does not understand reach the upstream intact.
   */
  passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown>;
  /** Upstream body -> canonical response. Throws FormatError on a malformed answer. */
  decodeResponse(body: unknown): CanonicalResponse;
  /** Canonical response -> client body. */
  encodeResponse(response: CanonicalResponse, context: EncodeContext): Record<string, unknown>;
  createStreamDecoder(): StreamDecoder;
  createStreamEncoder(context: EncodeContext): StreamEncoder;
  /** An upstream error answer (status + parsed body, or raw text) -> ErrorInfo. */
  decodeError(status: number, body: unknown): ErrorInfo;
  /** ErrorInfo -> this format's error body (OpenAI error object, Anthropic error, Google error, ...). */
  encodeError(error: ErrorInfo): Record<string, unknown>;
}

const FORMAT_ERROR = Symbol.for('portcullis.FormatError');
const UNSUPPORTED_FEATURE = Symbol.for('portcullis.UnsupportedFeatureError');

/** A request body that is not valid for its format: 400 naming the field. */
export class FormatError extends Error {
  /** Recognises a FormatError from another copy of this module (see core/errors/brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return brandedInstanceCheck(FormatError, this, FORMAT_ERROR, value);
  }

  constructor(
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'FormatError';
    setBrand(this, FORMAT_ERROR);
  }
}

/** A feature the target format cannot express: 400 naming it, never silently dropped. */
export class UnsupportedFeatureError extends Error {
  /** Recognises an UnsupportedFeatureError from another copy of this module (see core/errors/brand.ts). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return brandedInstanceCheck(UnsupportedFeatureError, this, UNSUPPORTED_FEATURE, value);
  }

  constructor(
    readonly feature: string,
    readonly target: WireFormatId,
    reason: string,
  ) {
    super(`${feature} cannot be sent to a ${target} upstream: ${reason}`);
    this.name = 'UnsupportedFeatureError';
    setBrand(this, UNSUPPORTED_FEATURE);
  }
}

/** Declares a wire-format adapter plugin (`plugins/formats/<id>/index.ts` default-exports one). */
export const defineWireFormat = (format: WireFormat): WireFormat => format;
