import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SCHEMAS_DIR } from '../../../../core/paths/project-root.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/tool-governance/index.js';

const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'plugins/tool_governance.schema.json'), 'utf8')) as { $id: string; title: string; examples: object[] };

describe('tool_governance settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('is the plugin\'s schema, with a PascalCase title', () => {
    expect(schema.$id).to.equal(plugin.schemaId);
    expect(schema.title).to.equal('ToolGovernanceSettings');
  });

  it('accepts every example', () => {
    for (const example of schema.examples) expect(validate(structuredClone(example)), JSON.stringify(validate.errors)).to.equal(true);
  });

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
