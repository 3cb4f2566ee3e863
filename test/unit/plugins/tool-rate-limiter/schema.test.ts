import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/tool-rate-limiter/index.js';

describe('tool_rate_limiter settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = { limits: [{ requests: 5, window: 'minute' }] };
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({
      limits: [{ requests: 5, window: 'minute' }],
      overrides: [],
      algorithm: 'sliding_window',
      fault_tolerant: true,
      counter_sync: { mode: 'strict', interval_ms: 1000 },
    });
  });

  it('accepts overrides by merged name or * pattern', () => {
    expect(validate({ limits: [{ requests: 5, window: 'minute' }], overrides: [{ tool: 'github__*', limits: [{ requests: 1, window: 30 }] }] })).to.equal(true);
  });

  it('rejects missing or empty limits, bad windows, unknown fields and overrides without a tool or limits', () => {
    const ok = [{ requests: 5, window: 'minute' }];
    expect(validate({})).to.equal(false);
    expect(validate({ limits: [] })).to.equal(false);
    expect(validate({ limits: [{ requests: 0, window: 'minute' }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 'week' }] })).to.equal(false);
    expect(validate({ limits: [{ requests: 5, window: 0 }] })).to.equal(false);
    expect(validate({ limits: ok, partition_by: ['model'] })).to.equal(false);
    expect(validate({ limits: ok, overrides: [{ tool: 'github__*' }] })).to.equal(false);
    expect(validate({ limits: ok, overrides: [{ tool: '', limits: ok }] })).to.equal(false);
    expect(validate({ limits: ok, overrides: [{ tool: 'x', limits: [] }] })).to.equal(false);
    expect(validate({ limits: ok, counter_sync: { mode: 'batched', interval_ms: 10 } })).to.equal(false);
  });
});
