import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/rate-limiter/index.js';

describe('rate_limiter settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = { limits: [{ requests: 5, window: 'minute' }] };
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      limits: [{ requests: 5, window: 'minute' }],
      algorithm: 'sliding_window',
      partition_by: [],
      fault_tolerant: true,
      counter_sync: { mode: 'strict', interval_ms: 1000 },
      response_headers: true,
    });
  });

  it('rejects missing or empty limits, bad windows, unknown fields and a header partition without its header', () => {
    expect(validate({})).to.equal(false);
    expect(validate({ limits: [] })).to.equal(false);
    expect(validate({ limits: [{ requests: 0, window: 'minute' }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'week' }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 0 }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 1.5 }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'minute' }], burst: 3 })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'minute' }], partition_by: ['header'] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'minute' }], partition_by: ['ip'] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'minute' }], counter_sync: { mode: 'batched', interval_ms: 10 } })).to.equal(false);
  });
});
