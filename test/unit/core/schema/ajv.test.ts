import { expect } from 'chai';
import { ajv, describeErrors } from '../../../../core/schema/ajv.js';

describe('core/schema/ajv', () => {
  const validate = ajv.compile({
    $id: 'urn:test:ajv-probe',
    type: 'object',
    properties: { limit: { type: 'integer', minimum: 1, default: 10 }, name: { type: 'string' } },
    required: ['name'],
    additionalProperties: false,
  });

  it('applies defaults and does not coerce types', () => {
    const value: Record<string, unknown> = { name: 'a' };
    expect(validate(value)).to.equal(true);
    expect(value.limit).to.equal(10);
    expect(validate({ name: 'a', limit: '5' })).to.equal(false);
  });

  it('names each failing field by JSON pointer', () => {
    validate({ limit: 0, extra: true });
    const message = describeErrors(validate.errors, '/settings');
    expect(message).to.contain('/settings/limit must be >= 1');
    expect(message).to.contain('/settings/extra is not allowed');
    expect(message).to.contain('/settings/name is required');
  });
});
