/**
 * Look-alikes data_loss_prevention must leave alone (issue 34): four-part version numbers and
 * OIDs are no IP addresses, words inside PEM blocks, base64 and code identifiers are no person
 * names, UUIDs and hashes are no street addresses. Each kind is checked on several generated
 * texts, each beside a real value of the same type that must still be found.
 */
import { expect } from 'chai';
import { masked } from './inspect.js';

/** A small seeded generator, so every run checks the same varied texts. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    return a / 4294967296;
  };
}
const r = seeded(34);
const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(0, 15)]).join('');
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const base64 = (n: number) => Array.from({ length: n }, () => B64[int(0, 63)]).join('');
const quad = () => `${int(1, 19)}.${int(0, 30)}.${int(0, 255)}.${int(0, 255)}`;

const labels = (text: string) => masked(text).map((m) => m.split(':')[0]);

describe('data_loss_prevention look-alikes', () => {
  describe('four-part version and build numbers are no IP addresses', () => {
    const frames = [
      (v: string) => `Windows version ${v} on the laptop`,
      (v: string) => `Mozilla/5.0 AppleWebKit/537.36 Chrome/${v} Safari/537.36`,
      (v: string) => `<AssemblyVersion>${v}</AssemblyVersion>`,
      (v: string) => `Version: ${v}`,
      (v: string) => `Update ${v} (released Tuesday) broke printing`,
      (v: string) => `upgraded the driver from ${v} to the next patch`,
      (v: string) => `kernel ${v}-generic panics on boot`,
      (v: string) => `The app shows ${v} in the About box`,
    ];
    for (const frame of frames) {
      const texts = [quad(), quad(), quad()].map(frame);
      it(JSON.stringify(texts[0]), () => {
        for (const t of texts) expect(masked(t), t).to.deep.equal([]);
      });
    }
    it('an address beside a version number is still found', () => {
      for (let i = 0; i < 5; i++) {
        const ip = `${int(11, 223)}.${int(0, 255)}.${int(0, 255)}.${int(1, 254)}`;
        expect(masked(`build ${quad()} deployed to host ${ip}`)).to.deep.equal([`IP:${ip}`]);
      }
    });
  });

  describe('object identifiers are no IP addresses', () => {
    const oids = ['1.3.6.1', '2.5.4.3', '2.5.4.10', '2.5.29.17', '2.5.29.19', '1.3.6.4'];
    const frames = [(o: string) => `OID ${o} identifies the field`, (o: string) => `The extension ${o} is critical`, (o: string) => `object identifier ${o} (attribute type)`, (o: string) => `the MIB object ${o} (sysDescr) returned nothing`];
    for (const frame of frames) {
      it(JSON.stringify(frame('…')), () => {
        for (const o of oids) expect(masked(frame(o)), frame(o)).to.deep.equal([]);
      });
    }
  });

  it('longer OIDs are no phone numbers', () => {
    for (const o of ['1.2.840.10045', '1.2.840.113549.1.1.11', '2.16.840.1.101.3.4.2.1', '1.3.6.1.4.1.311.21.7', '1.2.840.10045.4.3.2']) {
      for (const text of [`The arc ${o} is registered.`, `signature algorithm ${o}`]) expect(labels(text), text).to.not.include('PHONE');
    }
  });

  describe('words inside PEM blocks and base64 are no person names', () => {
    it('PEM certificates', () => {
      for (let i = 0; i < 40; i++) {
        const body = Array.from({ length: int(3, 8) }, () => base64(64)).join('\n');
        const text = `Here is the cert:\n-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;
        expect(labels(text), text).to.not.include('PERSON');
      }
    });
    it('base64 blobs', () => {
      for (let i = 0; i < 40; i++) {
        const text = pick(['data:image/png;base64,', 'payload: ', 'Authorization: Basic ']) + base64(int(60, 300));
        expect(labels(text), text).to.not.include('PERSON');
      }
    });
    it('hyphenated header names', () => {
      for (let i = 0; i < 10; i++) {
        const text = `${pick(['If-None-Match', 'If-Match', 'X-Amz-Content-Sha256', 'Content-Security-Policy'])}: "${hex(int(32, 64))}"`;
        expect(labels(text), text).to.not.include('PERSON');
      }
    });
    it('a name next to a blob is still found', () => {
      expect(masked(`Signed by Maria Conti\n${base64(120)}`)).to.deep.equal(['PERSON:Maria Conti']);
    });
  });

  describe('code identifiers are no person names', () => {
    const names = ['Chiara', 'Greta', 'Quentin', 'Sanjay', 'Isabel', 'Amara'];
    const frames = [(n: string) => `const client = new ${n}(config);`, (n: string) => `private readonly ${n}: Map<string, number>;`, (n: string) => `import { ${n} } from "./lib";`, (n: string) => `@Inject(${n}) service`, (n: string) => `return ${n}.create(options)`, (n: string) => `export default ${n};`, (n: string) => `<${n} onClick={go} />`, (n: string) => `const { ${n} } = require("./x");`];
    for (const frame of frames) {
      it(JSON.stringify(frame('Name')), () => {
        for (const n of names) expect(labels(frame(n)), frame(n)).to.not.include('PERSON');
      });
    }
  });

  describe('UUIDs and hashes are no street addresses', () => {
    const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
    const frames = [
      (v: string) => `The object is at ${v} now`,
      (v: string) => `send it to ${v} for replay`,
      (v: string) => `address: ${v}`,
      (v: string) => `Located at ${v} Suite 4`,
      (v: string) => `it is ${v}, right?`,
      (v: string) => `wallet address is 0x${v}`,
    ];
    for (const frame of frames) {
      it(JSON.stringify(frame('…')), () => {
        for (const v of [uuid(), uuid(), hex(40), hex(64)]) expect(labels(frame(v)), frame(v)).to.not.include('ADDRESS');
      });
    }
    it('a cue-led street address is still found', () => {
      expect(masked('Please send it to 1668 Glyn St, Springfield')).to.deep.equal(['ADDRESS:1668 Glyn St, Springfield']);
    });
  });
});
