/**
 * Budget-aware routing on its own: the tier a budget's cap leaves, the tier reference a capped
 * request takes (never a stronger tier while a weaker one is configured), and the step as the
 * response headers show it.
 */
import { expect } from 'chai';
import { budgetStepHeaders, cappedTier, cappedTierReference } from '../../../../core/proxy/routing/smart/budget-cap.js';

describe('routing: budget step down', () => {
  it('caps the classified tier at the budget\'s tier, never raising it', () => {
    expect(cappedTier('hard', 'medium')).to.equal('medium');
    expect(cappedTier('hard', 'simple')).to.equal('simple');
    expect(cappedTier('medium', 'medium')).to.equal('medium');
    expect(cappedTier('medium', 'simple')).to.equal('simple');
    expect(cappedTier('simple', 'medium')).to.equal('simple');
  });

  it('takes the strongest configured tier at or below the cap', () => {
    const all = { simple: 's', medium: 'm', hard: 'h' };
    expect(cappedTierReference(all, 'medium')).to.equal('m');
    expect(cappedTierReference(all, 'simple')).to.equal('s');
    // Without a Medium tier, a request capped at Medium goes to Simple, not up to Hard.
    expect(cappedTierReference({ simple: 's', hard: 'h' }, 'medium')).to.equal('s');
    expect(cappedTierReference({ medium: 'm', hard: 'h' }, 'medium')).to.equal('m');
  });

  it('borrows upward only when no tier at or below the cap is configured', () => {
    expect(cappedTierReference({ medium: 'm', hard: 'h' }, 'simple')).to.equal('m');
    expect(cappedTierReference({ hard: 'h' }, 'simple')).to.equal('h');
    expect(cappedTierReference(undefined, 'simple')).to.equal(undefined);
  });

  it('shows the step and the spent fraction (three decimals, never rounded up to the next threshold)', () => {
    expect(budgetStepHeaders({ maxTier: 'medium', spent: 0.7, budget: 'b/limits/0' })).to.deep.equal({ 'x-ag-budget-step': 'medium', 'x-ag-budget-spent': '0.700' });
    expect(budgetStepHeaders({ maxTier: 'simple', spent: 0.89996, budget: 'b/limits/0' })['x-ag-budget-spent']).to.equal('0.899');
  });
});
