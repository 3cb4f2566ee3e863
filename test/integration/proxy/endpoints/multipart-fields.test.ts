/**
 * The gateway's multipart field reader (core/proxy/operations/multipart-fields.ts): it reads
 * text fields (the form `model`) from the exact bytes received and never decodes file parts;
 * a body that does not follow its declared boundary is a 400.
 */
import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { multipartBoundary, multipartFields } from '../../../../core/proxy/operations/multipart-fields.js';
import { handBuiltForm } from './support/hand-built-form.js';

describe('proxy endpoints: multipart field reader', () => {
  it('finds the boundary, quoted or not, only on multipart/form-data', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).to.equal('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).to.equal('a b:c');
    expect(multipartBoundary('multipart/mixed; boundary=abc')).to.equal(undefined);
    expect(multipartBoundary('application/json')).to.equal(undefined);
    expect(multipartBoundary(undefined)).to.equal(undefined);
  });

  it('reads text fields (first value wins) and skips file parts, even ones that look like fields', () => {
    const form = handBuiltForm([
      { name: 'model', value: '@oa/dall-e-2' },
      { name: 'image', value: Buffer.from([0xff, 0xd8, 0x0d, 0x0a, 0x0d, 0x0a, 0x2d, 0x2d]), filename: 'model.jpg' },
      { name: 'model', value: 'second' },
      { name: 'prompt', value: 'two\r\nlines ✓' },
    ]);
    const boundary = multipartBoundary(form.contentType)!;
    expect(multipartFields(form.body, boundary)).to.deep.equal({ model: '@oa/dall-e-2', prompt: 'two\r\nlines ✓' });
  });

  it('refuses a body that does not follow its boundary', () => {
    for (const body of ['no delimiter at all', '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue without end', '--abcjunk']) {
      expect(() => multipartFields(Buffer.from(body), 'abc'), body).to.throw(GatewayError, /malformed multipart/);
    }
  });
});
