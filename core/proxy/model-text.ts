/**
 * The `model` of a JSON proxy body must be well-formed Unicode text. JSON can carry a lone
 * UTF-16 surrogate (`"\ud800"`), which no model name holds and which URL encoding refuses
 * (`encodeURIComponent` throws), so such a name would fail deep inside a policy or the upstream
 * call as a 5xx. It is refused up front instead, as a 400 naming the field.
 */
import { GatewayError } from '../errors/gateway-error.js';

/** In `u` mode a valid surrogate pair is one code point, so this matches only a lone surrogate. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Throws 400 `invalid_request` (param `model`) when `body.model` is a string holding a lone surrogate. */
export function checkModelText(body: unknown): void {
  const model = (body as { model?: unknown } | undefined)?.model;
  if (typeof model === 'string' && LONE_SURROGATE.test(model)) {
    throw new GatewayError('invalid_request', { message: 'model is not well-formed Unicode text (it holds a lone surrogate)', param: 'model' });
  }
}
