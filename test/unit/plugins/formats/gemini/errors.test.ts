import { expect } from 'chai';
import gemini from '../../../../../plugins/formats/gemini/index.js';

describe('plugins/formats/gemini errors', () => {
  it('decodes Google error bodies by their status name', () => {
    const cases: Array<[number, string, string]> = [
      [400, 'INVALID_ARGUMENT', 'invalid_request'],
      [400, 'FAILED_PRECONDITION', 'invalid_request'],
      [401, 'UNAUTHENTICATED', 'authentication'],
      [403, 'PERMISSION_DENIED', 'permission'],
      [404, 'NOT_FOUND', 'not_found'],
      [429, 'RESOURCE_EXHAUSTED', 'rate_limit'],
      [500, 'INTERNAL', 'upstream'],
      [503, 'UNAVAILABLE', 'overloaded'],
      [504, 'DEADLINE_EXCEEDED', 'timeout'],
    ];
    for (const [status, name, kind] of cases) {
      const info = gemini.decodeError(status, { error: { code: status, message: `m-${name}`, status: name } });
      expect(info).to.deep.equal({ status, kind, message: `m-${name}`, code: name });
    }
  });

  it('falls back on the HTTP status for bodies that are not Google errors, including the array form', () => {
    expect(gemini.decodeError(502, '<html>bad gateway</html>')).to.deep.equal({ status: 502, kind: 'upstream', message: '<html>bad gateway</html>' });
    expect(gemini.decodeError(429, undefined)).to.deep.include({ kind: 'rate_limit', message: 'upstream answered HTTP 429' });
    expect(gemini.decodeError(400, [{ error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } }])).to.deep.include({ kind: 'invalid_request', message: 'bad' });
  });

  it('encodes Google error bodies with the gateway code and field in standard details', () => {
    expect(gemini.encodeError({ status: 429, kind: 'rate_limit', message: 'slow down', code: 'rate_limited' })).to.deep.equal({
      error: {
        code: 429,
        message: 'slow down',
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'rate_limited', domain: 'portcullis' }],
      },
    });
    const bad = gemini.encodeError({ status: 400, kind: 'invalid_request', message: 'contents must not be empty', param: 'contents' });
    expect(bad).to.deep.equal({
      error: {
        code: 400,
        message: 'contents must not be empty',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'contents', description: 'contents must not be empty' }] }],
      },
    });
    expect(gemini.encodeError({ status: 401, kind: 'authentication', message: 'no key' })).to.deep.equal({ error: { code: 401, message: 'no key', status: 'UNAUTHENTICATED' } });
  });

  it('round-trips kinds through encode and decode', () => {
    for (const kind of ['invalid_request', 'authentication', 'permission', 'not_found', 'rate_limit', 'overloaded', 'timeout', 'upstream'] as const) {
      const body = gemini.encodeError({ status: 500, kind, message: 'x' });
      expect(gemini.decodeError(500, body).kind).to.equal(kind);
    }
  });
});
