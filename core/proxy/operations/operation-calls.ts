/**
 * The three kinds of upstream call a non-chat route makes: a JSON body with the routing
 * reference replaced by the native model, a multipart body forwarded byte for byte, or no
 * body at all.
 */
import type { RouteTarget } from '../../pipeline/exchange.js';
import type { OperationCall } from './operation-attempts.js';
import type { MultipartInput } from './operation-input.js';
import { operationRequest, type OperationTarget } from './operation-request.js';

const errorFormatOf = (target: RouteTarget) => target.registry.provider?.format ?? 'openai-chat';

/** `body` with `model` set to the target's native model, or removed when the gateway chose none. */
export function withTargetModel(body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  const out = { ...body };
  if (target.model) out.model = target.model;
  else delete out.model;
  return out;
}

/** A JSON call; `body` is sent as given (the caller has applied the target's model or translated it). */
export function jsonCall(target: RouteTarget, what: Omit<OperationTarget, 'contentType'>, body: Record<string, unknown>): OperationCall {
  const request = operationRequest(target, { ...what, contentType: 'application/json' });
  request.body = body;
  return { request, payload: 'json', errorFormat: errorFormatOf(target) };
}

/** A multipart call: the client's bytes and Content-Type (boundary included) as received. */
export function multipartCall(target: RouteTarget, what: Omit<OperationTarget, 'contentType'>, input: MultipartInput): OperationCall {
  return { request: operationRequest(target, { ...what, contentType: input.contentType }), payload: input.raw, errorFormat: errorFormatOf(target) };
}

/** A call without a body (GET, DELETE). */
export function emptyCall(target: RouteTarget, what: Omit<OperationTarget, 'contentType'>): OperationCall {
  return { request: operationRequest(target, what), payload: 'none', errorFormat: errorFormatOf(target) };
}
