/** The `x-not-below` keyword on its own: ordering two numbers of one object, errors naming the lower field. */
import { expect } from 'chai';
import { ajv, describeErrors } from '../../../../core/schema/ajv.js';

describe('schema: the x-not-below keyword', () => {
  const validate = ajv.compile({
    type: 'object',
    properties: { low: { type: 'number' }, high: { type: 'number' }, nested: { type: 'object', 'x-not-below': { top: 'bottom' } } },
    'x-not-below': { high: 'low' },
  });

  it('passes ordered, equal and partly set values, and leaves non-numbers to the type keywords', () => {
    expect(validate({ low: 1, high: 2 })).to.equal(true);
    expect(validate({ low: 2, high: 2 })).to.equal(true);
    expect(validate({ high: 0.1 })).to.equal(true);
    expect(validate({ low: 5 })).to.equal(true);
    expect(validate({ nested: { top: 'x', bottom: 1 } })).to.equal(true);
  });

  it('refuses the higher property below the lower one, naming it by JSON pointer at any depth', () => {
    expect(validate({ low: 3, high: 2 })).to.equal(false);
    expect(describeErrors(validate.errors, '/settings')).to.equal('/settings/high must be at least low (3)');
    expect(validate({ nested: { top: 1, bottom: 2 } })).to.equal(false);
    expect(describeErrors(validate.errors)).to.equal('/nested/top must be at least bottom (2)');
  });
});
