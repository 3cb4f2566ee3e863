import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaToMongo } from '../../../../core/store/json-schema-to-mongo.js';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';

/** Keywords MongoDB's $jsonSchema refuses; none may survive anywhere in a translation. */
const REFUSED = ['$ref', '$id', '$schema', '$defs', 'definitions', 'default', 'format', 'examples', 'const', 'type', 'prefixItems'];

function refusedKeywords(node: unknown, path = '#'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refusedKeywords(item, `${path}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => {
    // Property names are data, not keywords.
    if (path.endsWith('/properties') || path.endsWith('/patternProperties') || path.endsWith('/dependencies')) {
      return refusedKeywords(value, `${path}/${key}`);
    }
    return [...(REFUSED.includes(key) ? [`${path}/${key}`] : []), ...refusedKeywords(value, `${path}/${key}`)];
  });
}

describe('core/store/json-schema-to-mongo', () => {
  it('translates a record schema into MongoDB terms', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:portcullis:record:consumer',
      title: 'Consumer',
      description: 'A consumer record',
      type: 'object',
      additionalProperties: false,
      required: ['slug', 'tier'],
      properties: {
        slug: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', description: 'Unique name', examples: ['acme'] },
        email: { type: 'string', format: 'email' },
        limit: { type: 'integer', minimum: 0, default: 10 },
        ratio: { type: 'number', maximum: 1 },
        enabled: { type: 'boolean', default: true },
        tier: { enum: ['free', 'pro'] },
        kind: { const: 'consumer' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        meta: { type: 'object', properties: { note: { type: ['string', 'null'] } }, required: [] },
      },
    };
    expect(jsonSchemaToMongo(schema)).to.deep.equal({
      title: 'Consumer',
      description: 'A consumer record',
      bsonType: 'object',
      additionalProperties: false,
      required: ['slug', 'tier'],
      properties: {
        _id: { bsonType: 'string' },
        slug: { description: 'Unique name', minLength: 1, maxLength: 64, pattern: '^[a-z0-9-]+$', bsonType: 'string' },
        email: { bsonType: 'string' },
        limit: { minimum: 0, bsonType: ['int', 'long'] },
        ratio: { maximum: 1, bsonType: 'number' },
        enabled: { bsonType: 'bool' },
        tier: { enum: ['free', 'pro'] },
        kind: { enum: ['consumer'] },
        tags: { minItems: 1, uniqueItems: true, bsonType: 'array', items: { bsonType: 'string' } },
        meta: { bsonType: 'object', properties: { note: { bsonType: ['string', 'null'] } } },
      },
    });
  });

  it('accepts a stored Date where the schema has a date-time string', () => {
    expect(jsonSchemaToMongo({ type: 'string', format: 'date-time' })).to.deep.equal({ bsonType: ['string', 'date'] });
  });

  it('turns numeric exclusive bounds into draft-4 booleans, keeping the tighter bound', () => {
    expect(jsonSchemaToMongo({ type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 5 })).to.deep.equal({
      bsonType: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 5,
      exclusiveMaximum: true,
    });
    expect(jsonSchemaToMongo({ type: 'number', minimum: 3, exclusiveMinimum: 1 })).to.deep.equal({ bsonType: 'number', minimum: 3 });
    expect(jsonSchemaToMongo({ type: 'number', minimum: 1, exclusiveMinimum: 3 })).to.deep.equal({
      bsonType: 'number',
      minimum: 3,
      exclusiveMinimum: true,
    });
  });

  it('inlines local $refs, and-ing them with sibling constraints', () => {
    const schema = {
      $defs: { duration: { type: 'integer', minimum: 1 }, named: { type: 'object', required: ['name'] } },
      type: 'object',
      properties: {
        ttl: { $ref: '#/$defs/duration' },
        owner: { $ref: '#/$defs/named', description: 'who owns it' },
        short: { $ref: '#/$defs/duration', maximum: 60 },
      },
    };
    expect(jsonSchemaToMongo(schema)).to.deep.equal({
      bsonType: 'object',
      properties: {
        ttl: { minimum: 1, bsonType: ['int', 'long'] },
        owner: { description: 'who owns it', bsonType: 'object', required: ['name'] },
        short: { maximum: 60, allOf: [{ minimum: 1, bsonType: ['int', 'long'] }] },
      },
    });
  });

  it('resolves external and relative $refs through resolveRef', () => {
    const seen: string[] = [];
    const common: Record<string, object> = {
      'https://portcullis.dev/schemas/common/duration.schema.json': {
        $id: 'https://portcullis.dev/schemas/common/duration.schema.json',
        $defs: { seconds: { type: 'integer', minimum: 0 } },
        type: 'string',
        pattern: '^[0-9]+s$',
      },
    };
    const schema = {
      $id: 'https://portcullis.dev/schemas/records/policy.schema.json',
      type: 'object',
      properties: {
        window: { $ref: '../common/duration.schema.json' },
        seconds: { $ref: 'https://portcullis.dev/schemas/common/duration.schema.json#/$defs/seconds' },
      },
    };
    const out = jsonSchemaToMongo(schema, {
      resolveRef: (uri) => {
        seen.push(uri);
        return common[uri];
      },
    });
    expect(out.properties).to.deep.equal({
      window: { pattern: '^[0-9]+s$', bsonType: 'string' },
      seconds: { minimum: 0, bsonType: ['int', 'long'] },
    });
    expect(seen).to.include('https://portcullis.dev/schemas/common/duration.schema.json');
  });

  it('throws on a $ref it cannot resolve', () => {
    expect(() => jsonSchemaToMongo({ $ref: '#/$defs/missing' })).to.throw(/missing/);
    expect(() => jsonSchemaToMongo({ $ref: 'urn:nowhere' }, { resolveRef: () => undefined })).to.throw(/urn:nowhere/);
  });

  it('leaves recursion below the first level unconstrained', () => {
    const tree = {
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
      $ref: '#/$defs/node',
    };
    expect(jsonSchemaToMongo(tree)).to.deep.equal({
      bsonType: 'object',
      properties: { name: { bsonType: 'string' }, children: { bsonType: 'array', items: {} } },
    });
  });

  it('rewrites prefixItems, dependentRequired, dependentSchemas and if/then/else', () => {
    expect(jsonSchemaToMongo({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false })).to.deep.equal({
      bsonType: 'array',
      items: [{ bsonType: 'string' }, { bsonType: ['int', 'long'] }],
      additionalItems: false,
    });
    expect(
      jsonSchemaToMongo({ dependentRequired: { card: ['billing'] }, dependentSchemas: { vat: { required: ['country'] } } }),
    ).to.deep.equal({ dependencies: { card: ['billing'], vat: { required: ['country'] } } });
    expect(
      jsonSchemaToMongo({
        if: { properties: { mode: { const: 'url' } } },
        then: { required: ['url'] },
        else: { required: ['file'] },
      }),
    ).to.deep.equal({
      allOf: [
        {
          anyOf: [
            { allOf: [{ properties: { mode: { enum: ['url'] } } }, { required: ['url'] }] },
            { allOf: [{ not: { properties: { mode: { enum: ['url'] } } } }, { required: ['file'] }] },
          ],
        },
      ],
    });
  });

  it('maps boolean schemas and combinators, and drops keywords MongoDB lacks', () => {
    expect(
      jsonSchemaToMongo({
        type: 'object',
        properties: { never: false, anything: true },
        propertyNames: { pattern: '^[a-z]+$' },
        unevaluatedProperties: false,
        anyOf: [{ required: ['a'] }, { required: ['b'] }],
        not: { required: ['c'] },
        'x-schema-version': 2,
      }),
    ).to.deep.equal({
      bsonType: 'object',
      properties: { never: { not: {} }, anything: {} },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
      not: { required: ['c'] },
    });
  });

  it('adds _id to every branch that forbids other properties', () => {
    const out = jsonSchemaToMongo({
      oneOf: [
        { type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } },
        { type: 'object', additionalProperties: false, properties: { b: { type: 'string' } } },
      ],
    });
    expect((out.oneOf as Array<{ properties: object }>).map((branch) => Object.keys(branch.properties))).to.deep.equal([
      ['_id', 'a'],
      ['_id', 'b'],
    ]);
  });

  it('never emits a keyword MongoDB refuses', () => {
    const out = jsonSchemaToMongo({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      $defs: { d: { type: 'integer', default: 1, format: 'int32' } },
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/d' },
        b: { type: 'array', prefixItems: [{ const: 1 }], items: { $ref: '#/$defs/d' } },
        c: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }], examples: [null] },
        type: { type: 'string' },
      },
    });
    expect(refusedKeywords(out)).to.deep.equal([]);
    expect(out.properties).to.have.property('type');
  });

  it('translates every record schema under schemas/records, resolving refs to schemas/common', () => {
    const dir = join(SCHEMAS_DIR, 'records');
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.schema.json')) : [];
    for (const file of files) {
      const out = jsonSchemaToMongo(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      expect(refusedKeywords(out), file).to.deep.equal([]);
      expect(out.bsonType, file).to.equal('object');
    }
  });
});
