import { expect } from 'chai';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJsonObject } from '../../../../core/http/read-body.js';
import { seededTexts } from '../../plugins/prompt-guard/seeded-texts.js';

/** The nesting depth of a parsed JSON value, walked recursively (fine for the small values here). */
const depthOf = (value: unknown): number =>
  value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;

describe('core/http read-body', () => {
  it('measures nesting as walking the parsed value does, brackets inside strings and escaped quotes included', () => {
    const pieces = ['[', ']', '{"k":', '}', ',', '1', '"x"', '"[{"', '"\\\\"', '"\\"]"', '"}"', 'null'];
    let parsed = 0;
    for (const text of seededTexts(pieces, 30_000, 16, 21)) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        continue;
      }
      parsed++;
      const depth = depthOf(value);
      for (const max of [0, 1, 2, 3]) expect(nestsDeeperThan(text, max), `${text} at ${max}`).to.equal(depth > max);
    }
    expect(parsed).to.be.greaterThan(1_000);
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
