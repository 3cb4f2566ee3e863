import { expect } from 'chai';
import type { ErrorInfo } from '../../../../../core/canonical/index.js';
import anthropic from '../../../../../plugins/formats/anthropic-messages/index.js';

/** Error types and statuses from https://docs.anthropic.com/en/api/errors. */
describe('anthropic-messages errors', () => {
  const documented: Array<[number, string, ErrorInfo['kind']]> = [
    [400, 'invalid_request_error', 'invalid_request'],
    [401, 'authentication_error', 'authentication'],
    [403, 'permission_error', 'permission'],
    [404, 'not_found_error', 'not_found'],
    [413, 'request_too_large', 'request_too_large'],
    [429, 'rate_limit_error', 'rate_limit'],
    [500, 'api_error', 'upstream'],
    [504, 'timeout_error', 'timeout'],
    [529, 'overloaded_error', 'overloaded'],
  ];

  it('decodes each documented error type, keeping the status and message', () => {
    for (const [status, type, kind] of documented) {
      const info = anthropic.decodeError(status, { type: 'error', error: { type, message: `m-${type}` }, request_id: 'req_1' });
      expect(info, type).to.deep.equal({ status, kind, message: `m-${type}`, code: type });
    }
  });

  it('falls back to the status for bodies without an Anthropic error, and keeps raw text', () => {
    expect(anthropic.decodeError(529, 'upstream overloaded')).to.deep.equal({ status: 529, kind: 'overloaded', message: 'upstream overloaded' });
    expect(anthropic.decodeError(502, undefined)).to.deep.equal({ status: 502, kind: 'upstream', message: 'upstream answered HTTP 502' });
    expect(anthropic.decodeError(429, { error: { message: 'slow down' } }).kind).to.equal('rate_limit');
  });

  it('encodes every canonical kind as an Anthropic error body', () => {
    for (const [status, type, kind] of documented) {
      expect(anthropic.encodeError({ status, kind, message: 'nope' }), kind).to.deep.equal({ type: 'error', error: { type, message: 'nope' } });
    }
    expect(anthropic.encodeError({ status: 500, kind: 'internal', message: 'x' })).to.deep.equal({
      type: 'error',
      error: { type: 'api_error', message: 'x' },
    });
  });
});
