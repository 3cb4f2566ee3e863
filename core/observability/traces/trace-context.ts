/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) for proxied requests: the trace a
 * request belongs to (the caller's, from a valid incoming `traceparent`, else one named after
 * the request's `X-AG-Trace-Id`), its span id, and the span id of each upstream attempt, minted
 * when the attempt's `traceparent` is sent and read back when the spans are built after the
 * response. Ids are kept in weak maps keyed by the exchange and the attempt, so nothing is added
 * to the exchange and nothing outlives the request.
 */
import { randomBytes } from 'node:crypto';
import type { Attempt, Exchange } from '../../pipeline/exchange.js';
import { ObjectSlot } from '../../runtime/object-slot.js';

/** The caller's span, from a valid `traceparent`. */
export interface RemoteParent {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

/** The trace ids of one proxied request. */
export interface RequestTrace {
  traceId: string;
  /** The request (server) span. */
  spanId: string;
  parent?: RemoteParent;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** A fresh, random 8-byte span id as 16 hex digits. */
export function newSpanId(): string {
  return randomBytes(8).toString('hex');
}

/** The caller's span from a `traceparent` header value, or undefined when it is absent or invalid (the spec says: start a new trace). */
export function parseTraceparent(header: string | string[] | undefined): RemoteParent | undefined {
  const value = Array.isArray(header) ? (header.length === 1 ? header[0] : undefined) : header;
  if (!value || value.length > 512) return undefined;
  const m = TRACEPARENT.exec(value.trim().toLowerCase());
  if (!m) return undefined;
  const [, version, traceId, spanId, flags, rest] = m;
  // Version ff is invalid; version 00 has nothing after the flags.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

/** A `traceparent` header value naming `spanId` in `traceId`, sampled. */
export function formatTraceparent(traceId: string, spanId: string): string {
  return `00-${traceId}-${spanId}-01`;
}

/** The trace id named after an `X-AG-Trace-Id` (a UUID: its 32 hex digits), so one id finds the request in both places. */
export function traceIdOfRequestId(requestTraceId: string): string {
  const hex = requestTraceId.replace(/-/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) && hex !== ZERO_TRACE ? hex : randomBytes(16).toString('hex');
}

// Kept on the request and attempt objects, not in WeakMaps: see core/runtime/object-slot.ts.
const requestTraces = new ObjectSlot<RequestTrace>('portcullis.requestTrace');
const attemptSpans = new ObjectSlot<string>('portcullis.attemptSpan');

/** The trace of a proxied request, decided on first use and the same afterwards. */
export function requestTraceOf(ctx: Exchange): RequestTrace {
  let trace = requestTraces.get(ctx);
  if (!trace) {
    const parent = parseTraceparent(ctx.incoming.headers.traceparent);
    trace = { traceId: parent?.traceId ?? traceIdOfRequestId(ctx.traceId), spanId: newSpanId(), parent };
    requestTraces.set(ctx, trace);
  }
  return trace;
}

/** The span id of an upstream attempt, minted on first use (when its `traceparent` is sent). */
export function attemptSpanIdOf(attempt: Attempt): string {
  let id = attemptSpans.get(attempt);
  if (!id) {
    id = newSpanId();
    attemptSpans.set(attempt, id);
  }
  return id;
}
