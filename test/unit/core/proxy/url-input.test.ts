import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { decodePathSegment, parseProxyQuery } from '../../../../core/proxy/url-input.js';

describe('proxy URL input', () => {
  it('decodePathSegment decodes well-formed escapes and gives undefined for malformed ones', () => {
    expect(decodePathSegment('%40openai%2Fgpt-4o')).to.equal('@openai/gpt-4o');
    for (const bad of ['%E0%A4%A', '%', '%ZZ', '%C0%80', 'a%']) expect(decodePathSegment(bad), bad).to.equal(undefined);
  });

  it('parseProxyQuery reads form-encoded pairs: `+` is a space, a bare name is empty, empty pairs are skipped', () => {
    expect({ ...parseProxyQuery('') }).to.deep.equal({});
    expect({ ...parseProxyQuery('a=1&&b&c=x+y%20z&d=%3D=') }).to.deep.equal({ a: '1', b: '', c: 'x y z', d: '==' });
    const proto = parseProxyQuery('__proto__=x');
    expect(Object.getPrototypeOf(proto)).to.equal(null);
    expect(proto.__proto__).to.equal('x');
  });

  it('parseProxyQuery refuses a repeated parameter (decoded names compared) and a malformed escape with a 400', () => {
    for (const query of ['key=a&key=b', 'key=a&k%65y=b', 'alt=sse&alt', 'x=%E0%A4%A', '%ZZ=1']) {
      expect(() => parseProxyQuery(query), query).to.throw(GatewayError).with.property('status', 400);
    }
    expect(() => parseProxyQuery('key=secret-value&key=x')).to.throw(/"key" is repeated/).that.satisfies((e: Error) => !e.message.includes('secret-value'));
  });
});
