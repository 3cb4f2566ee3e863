import { expect } from 'chai';
import { NeedleScanner } from '../../../../../plugins/data-loss-prevention/secrets/prefilter.js';
import { compileRules, shippedRules, type SecretRule } from '../../../../../plugins/data-loss-prevention/secrets/rules.js';
import { SECRET_ENTITIES } from '../../../../../plugins/data-loss-prevention/entity-types.js';

describe('data_loss_prevention secrets: rules kept as data', () => {
  it('ships rules that compile, each with a unique id, a secret entity type and a trigger', () => {
    const { rules, needles } = shippedRules();
    expect(rules.length).to.be.greaterThan(60);
    expect(new Set(rules.map((r) => r.id)).size).to.equal(rules.length);
    for (const r of rules) expect(SECRET_ENTITIES, r.id).to.include(r.entity);
    rules.forEach((r, i) => expect(needles.some((n) => n.rule === i), r.id).to.equal(true));
  });

  it('refuses a malformed rule, naming it', () => {
    const base: SecretRule = { id: 'x-token', provider: 'X', entity: 'GENERIC_SECRET', pattern: 'xt_[a-z]{8}' };
    expect(() => compileRules([{ ...base, prefixes: ['xt_'], keywords: ['x'] }])).to.throw(/x-token/);
    expect(() => compileRules([base])).to.throw(/x-token/);
    expect(() => compileRules([{ ...base, prefixes: ['xt_'], entity: 'EMAIL_ADDRESS' as never }])).to.throw(/x-token/);
    expect(() => compileRules([{ ...base, prefixes: ['xt_'] }, { ...base, prefixes: ['xt_'] }])).to.throw(/x-token/);
  });

  it('the prefilter finds prefixes only where a token starts and keywords in any case, in one pass', () => {
    const scanner = new NeedleScanner([
      { text: 'ghp_', caseSensitive: true, tokenStart: true, rule: 0 },
      { text: 'AKIA', caseSensitive: true, tokenStart: true, rule: 1 },
      { text: 'accountkey', caseSensitive: false, tokenStart: false, rule: 2 },
    ]);
    const hits: Array<[number, number]> = [];
    const text = 'ghp_a xghp_b (ghp_c) akia AKIA AccountKey=1 ACCOUNTKEY é ghp_';
    scanner.scan(text, (rule, at) => hits.push([rule, at]));
    expect(hits).to.deep.equal([
      [0, 0],
      [0, 14],
      [1, 26],
      [2, 31],
      [2, 44],
      [0, 57],
    ]);
  });
});
