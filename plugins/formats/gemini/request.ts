/**
 * Requests: decoding client bodies, encoding upstream bodies, and same-format pass-through.
 */
export { decodeRequest } from './request-decode.js';
export { encodeRequest, FOREIGN_THOUGHT_SIGNATURE } from './request-encode.js';

/**
 * Same-format pass-through. A generateContent body has no routing field (the model is in the
 * URL path), so the body goes upstream untouched; only a `model` the client put in the body,
 * which the API also accepts, is rewritten to the chosen upstream model.
 */
export function passthroughRequest(body: Record<string, unknown>, model: string): Record<string, unknown> {
  if (typeof body.model !== 'string') return body;
  return { ...body, model: `models/${model}` };
}
