import { expect } from 'chai';
import { toolNameOf } from '../../../../core/guardrail/evaluation/gate-fields.js';
import { seededTexts } from '../../plugins/prompt-guard/seeded-texts.js';

describe('toolNameOf', () => {
  it('reads the tool of an mcp__<server>__<tool> name as /^mcp__.+?__(.+)$/ does', () => {
    const pattern = /^mcp__.+?__(.+)$/;
    let tools = 0;
    for (const rest of seededTexts(['_', '__', 'a', 'fs', 'read_file', '\n', '\r', '\u2028', 'é'], 30_000, 8, 11)) {
      for (const name of [`mcp__${rest}`, rest, `mcp_${rest}`]) {
        const match = pattern.exec(name);
        if (match) tools++;
        expect(toolNameOf(name), JSON.stringify(name)).to.equal(match ? match[1] : name);
      }
    }
    expect(tools).to.be.greaterThan(1_000);
    expect(toolNameOf('mcp__filesystem__read_file')).to.equal('read_file');
  });
});
