import { expect } from 'chai';
import { openApiSchemaToJsonSchema } from '../../../../../plugins/formats/gemini/openapi-schema.js';

describe('plugins/formats/gemini OpenAPI-subset Schema to JSON Schema', () => {
  it('lower-cases types, turns nullable into a null type and example into examples, and drops propertyOrdering', () => {
    expect(
      openApiSchemaToJsonSchema({
        type: 'OBJECT',
        title: 'T',
        properties: { a: { type: 'NUMBER', minimum: 0, maximum: 1, nullable: true }, b: { type: 'STRING', enum: ['x'], format: 'enum' } },
        required: ['a'],
        propertyOrdering: ['b', 'a'],
        example: { a: 0.5 },
      }),
    ).to.deep.equal({
      type: 'object',
      title: 'T',
      properties: { a: { type: ['number', 'null'], minimum: 0, maximum: 1 }, b: { type: 'string', enum: ['x'], format: 'enum' } },
      required: ['a'],
      examples: [{ a: 0.5 }],
    });
  });

  it('adds a null branch to anyOf, leaves an untyped schema open, and drops TYPE_UNSPECIFIED', () => {
    expect(openApiSchemaToJsonSchema({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }], nullable: true })).to.deep.equal({
      anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
    });
    expect(openApiSchemaToJsonSchema({ description: 'anything', nullable: true })).to.deep.equal({ description: 'anything' });
    expect(openApiSchemaToJsonSchema({ type: 'TYPE_UNSPECIFIED', items: { type: 'BOOLEAN' } })).to.deep.equal({ items: { type: 'boolean' } });
  });
});
