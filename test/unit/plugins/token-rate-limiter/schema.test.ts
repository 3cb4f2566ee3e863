import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/token-rate-limiter/index.js';

describe('token_rate_limiter settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = { limits: [{ amount: 1000, window: 'day' }] };
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      unit: 'tokens',
      limits: [{ amount: 1000, window: 'day', per_model: false }],
      count: 'total',
      default_output_tokens: 1024,
      fault_tolerant: false,
      counter_sync: { mode: 'strict', interval_ms: 1000 },
    });
  });

  it('takes fractional amounts for dollars only', () => {
    expect(validate({ unit: 'dollars', limits: [{ amount: 2.5, window: 'month' }] })).to.equal(true);
    expect(validate({ limits: [{ amount: 2.5, window: 'month' }] })).to.equal(false);
    expect(validate({ unit: 'tokens', limits: [{ amount: 2.5, window: 'month' }] })).to.equal(false);
  });

  it('rejects bad windows, amounts, prices and unknown fields', () => {
    expect(validate({})).to.equal(false);
    expect(validate({ limits: [{ amount: 0, window: 'day' }] })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'year' }] })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'day', models: [] }] })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'day' }], unit: 'euros' })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'day' }], default_price: { input: 1 } })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'day' }], default_price: { input: -1, output: 1 } })).to.equal(false);
    expect(validate({ limits: [{ amount: 10, window: 'day' }], reserve: 'max' })).to.equal(false);
  });
});
