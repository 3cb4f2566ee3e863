import { expect } from 'chai';
import format from '../../../../../plugins/formats/openai-responses/index.js';

describe('openai-responses errors', () => {
  it('decodes an OpenAI error body, taking the kind from the status', () => {
    const body = { error: { message: 'Rate limit reached for gpt-4o', type: 'requests', param: null, code: 'rate_limit_exceeded' } };
    expect(format.decodeError(429, body)).to.deep.equal({
      status: 429,
      kind: 'rate_limit',
      message: 'Rate limit reached for gpt-4o',
      code: 'rate_limit_exceeded',
    });
    expect(format.decodeError(400, { error: { message: 'bad', type: 'invalid_request_error', param: 'input', code: null } })).to.deep.equal({
      status: 400,
      kind: 'invalid_request',
      message: 'bad',
      param: 'input',
    });
  });

  it('maps statuses to kinds and falls back to raw text or a generic message', () => {
    const kind = (status: number) => format.decodeError(status, undefined).kind;
    expect([401, 403, 404, 408, 413, 500, 503, 504].map(kind)).to.deep.equal([
      'authentication',
      'permission',
      'not_found',
      'timeout',
      'request_too_large',
      'upstream',
      'overloaded',
      'timeout',
    ]);
    expect(format.decodeError(502, '<html>Bad gateway</html>').message).to.equal('<html>Bad gateway</html>');
    expect(format.decodeError(500, undefined).message).to.equal('upstream answered HTTP 500');
  });

  it('encodes the OpenAI error object with param and code nullable', () => {
    expect(format.encodeError({ status: 400, kind: 'invalid_request', message: 'tools[0] cannot be sent', param: 'tools' })).to.deep.equal({
      error: { message: 'tools[0] cannot be sent', type: 'invalid_request_error', param: 'tools', code: null },
    });
    expect(format.encodeError({ status: 429, kind: 'rate_limit', message: 'slow', code: 'rate_limited' })).to.deep.equal({
      error: { message: 'slow', type: 'rate_limit_error', param: null, code: 'rate_limited' },
    });
    // The same types as Chat Completions: a failed upstream is `upstream_error`, as in the stream failure event.
    const typeOf = (kind: 'upstream' | 'overloaded' | 'internal') => (format.encodeError({ status: 502, kind, message: 'x' }).error as { type: string }).type;
    expect([typeOf('upstream'), typeOf('overloaded'), typeOf('internal')]).to.deep.equal(['upstream_error', 'server_error', 'server_error']);
  });
});
