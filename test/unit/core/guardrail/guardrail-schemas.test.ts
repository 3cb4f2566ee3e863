import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { jsonSchemaToMongo } from '../../../../core/store/json-schema-to-mongo.js';

const files = [
  ...readdirSync(join(SCHEMAS_DIR, 'api/guardrail')).map((f) => join('api/guardrail', f)),
  ...readdirSync(join(SCHEMAS_DIR, 'records')).filter((f) => f.startsWith('guardrail-')).map((f) => join('records', f)),
];

/** Every property schema in a schema document, with its pointer. */
function properties(node: unknown, pointer = ''): Array<[string, Record<string, unknown>]> {
  if (!node || typeof node !== 'object') return [];
  const out: Array<[string, Record<string, unknown>]> = [];
  const n = node as Record<string, unknown>;
  if (n.properties && typeof n.properties === 'object') {
    for (const [k, v] of Object.entries(n.properties as Record<string, unknown>)) out.push([`${pointer}/properties/${k}`, v as Record<string, unknown>]);
  }
  for (const [k, v] of Object.entries(n)) if (v && typeof v === 'object') out.push(...properties(v, `${pointer}/${k}`));
  return out;
}

describe('guardrail schemas (schemas/api/guardrail, schemas/records/guardrail-*)', () => {
  it('has the schemas of the evaluate, claude and management bodies', () => {
    expect(files.map((f) => f.split('/').pop())).to.include.members([
      'evaluate-request.schema.json', 'evaluate-response.schema.json', 'finding.schema.json', 'claude-request.schema.json', 'claude-response.schema.json',
      'policy-create.schema.json', 'collector-create.schema.json', 'collector-key-create.schema.json', 'guardrail-policy.schema.json', 'guardrail-activity.schema.json',
    ]);
  });

  for (const file of files) {
    it(`${file}: compiles in strict mode, its examples validate, every property is described`, () => {
      const doc = JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')) as { $id: string; examples?: unknown[]; title?: string };
      expect(doc.title, 'title').to.match(/^[A-Z][A-Za-z]+$/);
      const validate = validatorFor(doc.$id);
      expect(doc.examples?.length ?? 0, 'examples').to.be.greaterThan(0);
      for (const example of doc.examples ?? []) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
      for (const [pointer, prop] of properties(doc)) expect(prop.description, pointer).to.be.a('string');
    });
  }

  it('record schemas translate to MongoDB $jsonSchema validators', () => {
    for (const file of files.filter((f) => f.startsWith('records'))) {
      const out = jsonSchemaToMongo(JSON.parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8'))) as { bsonType: string };
      expect(out.bsonType, file).to.equal('object');
    }
  });

  it('the evaluate request refuses unknown top-level fields and accepts protocol, direction and payload alone', () => {
    const validate = validatorFor('https://portcullis.dev/schemas/api/guardrail/evaluate-request.schema.json');
    expect(validate({ protocol: 'llm', direction: 'input', payload: { input: 'x' } })).to.equal(true);
    for (const field of ['input', 'metadata', 'collector_id', 'detector_id']) {
      expect(validate({ direction: 'input', payload: { input: 'x' }, [field]: 'x' }), field).to.equal(false);
    }
  });
});
