import { expect } from 'chai';
import { costOf, requestCostUsd } from '../../../../core/observability/request-cost.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';

const usage = { input_tokens: 1_000_000, output_tokens: 500_000, total_tokens: 1_500_000 };

describe('observability request cost', () => {
  it('prices input and output tokens per million', () => {
    expect(costOf(usage, { input: 2, output: 8 })).to.equal(2 + 4);
  });

  it('prices cached and cache-written prompt tokens at their own rates, out of the plain input', () => {
    const cost = costOf({ ...usage, cached_input_tokens: 400_000, cache_creation_input_tokens: 100_000 }, { input: 2, output: 8, cached_input: 0.5, cache_write: 2.5 });
    expect(cost).to.be.closeTo(0.5 * 2 + 0.4 * 0.5 + 0.1 * 2.5 + 0.5 * 8, 1e-9);
  });

  it('uses the catalog price of a listed model and its dated snapshots', () => {
    const small = { input_tokens: 1000, output_tokens: 1000, total_tokens: 2000 };
    const listed = requestCostUsd(small, undefined, 'gpt-4o-mini');
    expect(listed).to.be.greaterThan(0);
    expect(requestCostUsd(small, undefined, 'gpt-4o-mini-2024-07-18')).to.equal(listed);
  });

  it("prefers the registry's own prices", () => {
    const registry = { options: { prices: { 'my-model': { input: 1, output: 1 } } } } as unknown as RegistryView;
    expect(requestCostUsd(usage, registry, 'my-model')).to.equal(1.5);
  });

  it('is undefined for an unpriced model or a request without usage', () => {
    expect(requestCostUsd(usage, undefined, 'no-such-model-anywhere')).to.equal(undefined);
    expect(requestCostUsd(undefined, undefined, 'gpt-4o-mini')).to.equal(undefined);
    expect(requestCostUsd(usage, undefined, undefined)).to.equal(undefined);
  });
});
