import { expect } from 'chai';
import { capForMode, mostRestrictive } from '../../../../core/guardrail/evaluation/verdict.js';

describe('core/guardrail/evaluation/verdict', () => {
  it('orders block > ask > transform > report > allow', () => {
    expect(mostRestrictive([])).to.equal('allow');
    expect(mostRestrictive(['report', 'transform'])).to.equal('transform');
    expect(mostRestrictive(['transform', 'ask', 'report'])).to.equal('ask');
    expect(mostRestrictive(['ask', 'block', 'transform'])).to.equal('block');
    expect(mostRestrictive(['report', 'allow'])).to.equal('report');
  });

  it('observe caps any fired status at report; enforce keeps it', () => {
    for (const s of ['report', 'transform', 'ask', 'block'] as const) {
      expect(capForMode(s, 'observe')).to.equal('report');
      expect(capForMode(s, 'enforce')).to.equal(s);
    }
    expect(capForMode('allow', 'observe')).to.equal('allow');
  });
});
