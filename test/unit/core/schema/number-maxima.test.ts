/**
 * Every number an operator or tenant writes into a record or a plugin's settings has a maximum
 * a real deployment never reaches, so `requests: 1e20` is refused by the schema instead of
 * overflowing a counter or a timer (reject, never clamp). The few numbers that are not
 * quantities are listed with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';

/** Numbers that are not counts, durations, sizes, weights, prices or priorities. */
const NOT_QUANTITIES: Record<string, string> = {
  // Gate conditions compare an evaluation value with any number the rule author chooses.
  'records/guardrail-policy.schema.json#/$defs/condition/properties/value/anyOf/1': 'a comparison operand',
  'records/guardrail-policy.schema.json#/$defs/condition/properties/value/anyOf/3/items/anyOf/1': 'a comparison operand',
  // Written by the evaluation itself, never by a client.
  'records/guardrail-activity.schema.json#/properties/duration_ms': 'measured, not written by a client',
  // Only says which of the two limits is required; the properties themselves carry the bounds.
  'plugins/request_size_limiter.schema.json#/anyOf/0/properties/max_bytes': 'a requirement marker',
  'plugins/request_size_limiter.schema.json#/anyOf/1/properties/max_characters': 'a requirement marker',
  'plugins/token_rate_limiter.schema.json#/else/properties/limits/items/properties/amount': 'a type marker (tokens are whole)',
};

/** `[pointer, node]` of every number schema in `schema`, walked with a queue (no recursion). */
function numberSchemas(schema: unknown): Array<[string, Record<string, unknown>]> {
  const found: Array<[string, Record<string, unknown>]> = [];
  const queue: Array<[string, unknown]> = [['', schema]];
  for (let i = 0; i < queue.length; i++) {
    const [pointer, node] = queue[i];
    if (!node || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(record.type);
    if (types.includes('integer') || types.includes('number')) found.push([pointer, record]);
    for (const [key, value] of Object.entries(record)) {
      if (['examples', 'default', 'enum', 'const'].includes(key)) continue;
      if (value && typeof value === 'object') queue.push([`${pointer}/${key}`, value]);
    }
  }
  return found;
}

describe('schemas: every written number has a maximum', () => {
  for (const folder of ['records', 'plugins']) {
    for (const file of readdirSync(join(SCHEMAS_DIR, folder)).filter((f) => f.endsWith('.schema.json'))) {
      it(`${folder}/${file}`, () => {
        const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, folder, file), 'utf8')) as unknown;
        const unbounded = numberSchemas(schema)
          .filter(([, node]) => node.maximum === undefined && node.exclusiveMaximum === undefined && node.enum === undefined && node.const === undefined)
          .map(([pointer]) => `${folder}/${file}#${pointer}`)
          .filter((where) => !(where in NOT_QUANTITIES));
        expect(unbounded, 'numbers without a maximum').to.deep.equal([]);
      });
    }
  }
});
