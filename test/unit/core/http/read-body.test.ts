import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonObject } from '../../../../core/http/read-body.js';

/** The nesting depth of a parsed JSON value, walked recursively (fine for the small values here). */
const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;

describe('core/http read-body', () => {
  it('measures nesting as walking the parsed value does, brackets inside strings and escaped quotes included', () => {
    let seed = 21;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const strings = ['[', ']', '{', '}', '"', '\\', '\\"', '"]', 'a[b', '}}', ''];
    const valueOf = (levels: number): unknown => {
      const kind = next(levels > 0 ? 4 : 2);
      if (kind === 0) return strings[next(strings.length)] + strings[next(strings.length)];
      if (kind === 1) return next(100);
      const items = Array.from({ length: next(4) }, () => valueOf(levels - 1));
      return kind === 2 ? items : Object.fromEntries(items.map((item, i) => [strings[next(strings.length)] + i, item]));
    };
    for (let t = 0; t < 5_000; t++) {
      const value = valueOf(1 + next(6));
      const text = JSON.stringify(value);
      const depth = depthOf(value);
      for (const max of [0, 1, 2, 3, 4, 5]) expect(nestsDeeperThan(text, max), `${text} at ${max}`).to.equal(depth > max);
    }
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more with 400 invalid_json`, () => {
    const nested = (levels: number) => Buffer.from(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
    expect(parseJsonObject(nested(MAX_JSON_DEPTH))).to.have.property('a');
    let error: unknown;
    try {
      parseJsonObject(nested(MAX_JSON_DEPTH + 1));
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(GatewayError);
    expect((error as GatewayError).code).to.equal('invalid_json');
    expect((error as GatewayError).message).to.contain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
