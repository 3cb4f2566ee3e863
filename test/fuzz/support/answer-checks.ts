/**
 * The properties every fuzzed answer must hold, whatever the input: no server fault (5xx)
 * unless an upstream caused it and the answer says so, errors in the shape of the plane or the
 * client format, and no secret echoed.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { ERROR_CODES } from '../../../core/errors/codes.js';
import { errorMessageOf } from '../../integration/proxy/support/raw-chat.js';
import type { FuzzAnswer } from './bounded-request.js';
import type { SecretList } from '../../integration/admin/helpers/admin-client.js';

const shortBody = (answer: FuzzAnswer) => (answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text);

/**
 * No 5xx, except a 502 or 504 that an upstream caused and that says so with
 * `x-gateway-error-source: upstream`. `upstreamStatus` is the status the upstream itself
 * answered, when a case chose it: an upstream error is relayed with the upstream's own status
 * (docs/proxy-endpoints.md), so that status is allowed too, marked as the upstream's.
 */
export function expectNoServerFault(answer: FuzzAnswer, upstreamStatus?: number): void {
  if (answer.status < 500) return;
  const fromUpstream = answer.headers.get('x-gateway-error-source') === 'upstream';
  const upstreamFault = fromUpstream && (answer.status === 502 || answer.status === 504 || answer.status === upstreamStatus);
  expect(upstreamFault, `${answer.what} answered ${answer.status}: ${shortBody(answer)}`).to.equal(true);
}

/** An admin or guardrail plane error: `{error, message}` with a registered snake_case code (guardrail adds `request_id`). */
export function expectPlaneError(answer: FuzzAnswer, plane: 'admin' | 'guardrail'): void {
  if (answer.status < 400) return;
  const body = answer.json as Record<string, unknown> | undefined;
  const where = `${answer.what} answered ${answer.status} with ${shortBody(answer)}`;
  expect(body, `${where}: not a JSON object`).to.be.an('object');
  expect(body!.error, `${where}: error code`).to.be.a('string').and.match(/^[a-z][a-z0-9_]*$/);
  expect(Object.keys(ERROR_CODES), `${where}: the code is not in the registry`).to.include(body!.error);
  expect(body!.message, `${where}: message`).to.be.a('string');
  if (plane === 'guardrail') expect(body!.request_id, `${where}: request_id`).to.be.a('string');
}

/** A proxy error in the client format's own error object, with `x-gateway-error-source`. */
export function expectClientFormatError(answer: FuzzAnswer, format: WireFormatId): void {
  if (answer.status < 400) return;
  const where = `${answer.what} answered ${answer.status} with ${shortBody(answer)}`;
  expect(() => errorMessageOf(format, answer.json), where).not.to.throw();
  expect(answer.headers.get('x-gateway-error-source'), `${where}: x-gateway-error-source`).to.be.oneOf(['gateway', 'upstream']);
}

/** Neither the body nor any header of the answer holds a registered secret. */
export function expectNoSecret(answer: FuzzAnswer, secrets: SecretList): void {
  const headers = [...answer.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n');
  expect(secrets.foundIn(`${headers}\n${answer.text}`), `${answer.what} echoed a secret`).to.deep.equal([]);
}
