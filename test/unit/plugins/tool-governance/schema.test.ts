import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/tool-governance/index.js';

describe('tool_governance settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = {};
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({ deny: [], declared_action: 'block', response_action: 'block' });
  });

  it('rejects bad actions, caps and names', () => {
    expect(validate({ declared_action: 'warn' })).to.equal(false);
    expect(validate({ max_tools: -1 })).to.equal(false);
    expect(validate({ deny: [''] })).to.equal(false);
    expect(validate({ deny: ['a', 'a'] })).to.equal(false);
    expect(validate({ tools: ['a'] })).to.equal(false);
  });
});
