import { expect } from 'chai';
import { decodeJson, encodeJson } from '../../../../core/store/embedded/extended-json.js';

/**
 * The format's definition, written the direct way (a replacer and a reviver called on every
 * value): the store's faster encoder and decoder must give exactly the same text and values.
 */
function referenceEncode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v) {
    const raw = this[key];
    return raw instanceof Date ? { $date: Number.isNaN(raw.getTime()) ? null : raw.toISOString() } : v;
  });
}

function referenceDecode(text: string): unknown {
  return JSON.parse(text, (_key, value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === '$date') {
        const iso = (value as { $date: unknown }).$date;
        if (iso === null) return new Date(Number.NaN);
        if (typeof iso === 'string') return new Date(iso);
      }
    }
    return value;
  });
}

/** A seeded generator of documents mixing Dates (valid and invalid) into every kind of JSON value. */
function documents(seed: number, count: number): unknown[] {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
  const keys = ['a', 'at', '$date', '__proto__', 'when', 'n', 'list', 'x y', '0', 'nested'];
  const value = (depth: number): unknown => {
    const kind = Math.floor(random() * (depth > 3 ? 6 : 10));
    switch (kind) {
      case 0:
        return new Date(Math.floor(random() * 4e12));
      case 1:
        return random() < 0.2 ? new Date(Number.NaN) : 'text';
      case 2:
        return Math.floor(random() * 1000) / 10;
      case 3:
        return pick([null, true, false, undefined, '']);
      case 4:
        return { $date: pick(['2024-01-02T03:04:05.000Z', null, 7, 'not a date']) };
      case 5:
        return pick([{ toJSON: () => ({ replaced: true }) }, Buffer.from('ab'), 'plain']);
      case 6:
      case 7:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      default: {
        const out: Record<string, unknown> = {};
        const n = Math.floor(random() * 4);
        for (let i = 0; i < n; i++) Object.defineProperty(out, pick(keys), { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        return out;
      }
    }
  };
  return Array.from({ length: count }, () => value(0));
}

describe('core/store/embedded extended JSON', () => {
  it('encodes exactly as the replacer definition does, without changing the value given', () => {
    for (const doc of documents(7, 3000)) {
      const before = referenceEncode(doc);
      expect(encodeJson(doc)).to.equal(before);
      // The value written is left as it was: Dates stay Dates in the caller's object.
      expect(referenceEncode(doc)).to.equal(before);
    }
  });

  it('decodes exactly as the reviver definition does, Dates and lookalikes included', () => {
    for (const doc of documents(11, 3000)) {
      const text = referenceEncode(doc);
      if (text === undefined) continue;
      const fast = decodeJson(text);
      const reference = referenceDecode(text);
      expect(fast).to.deep.equal(reference);
      expect(referenceEncode(fast)).to.equal(referenceEncode(reference));
    }
  });

  it('keeps a `__proto__` field a field on both sides', () => {
    const doc = JSON.parse('{"__proto__": {"$date": "2024-01-02T03:04:05.000Z"}, "b": 1}') as Record<string, unknown>;
    const decoded = decodeJson<Record<string, unknown>>(JSON.stringify(doc));
    expect(Object.getPrototypeOf(decoded)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(decoded, '__proto__')?.value).to.deep.equal(new Date('2024-01-02T03:04:05.000Z'));
    const withDate = Object.defineProperty({ b: 1 }, '__proto__', { value: new Date(0), enumerable: true, writable: true, configurable: true });
    expect(encodeJson(withDate)).to.equal('{"b":1,"__proto__":{"$date":"1970-01-01T00:00:00.000Z"}}');
  });

  it('reports a cycle as JSON.stringify does, and encodes very deep documents', () => {
    const cyclic: Record<string, unknown> = { at: new Date(0) };
    cyclic.self = cyclic;
    expect(() => encodeJson(cyclic)).to.throw(TypeError, /circular/);
    let deep: unknown = { at: new Date(0) };
    for (let i = 0; i < 500; i++) deep = { inner: deep };
    expect(decodeJson(encodeJson(deep))).to.deep.equal(referenceDecode(referenceEncode(deep)));
  });
});
