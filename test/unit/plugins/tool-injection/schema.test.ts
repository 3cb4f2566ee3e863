import { expect } from 'chai';
import { validatorFor } from '../../../../core/schema/ajv.js';
import plugin from '../../../../plugins/tool-injection/index.js';

describe('tool_injection settings schema', () => {
  const validate = validatorFor<Record<string, unknown>>(plugin.schemaId);

  it('applies the defaults', () => {
    const settings: Record<string, unknown> = { registries: ['github'] };
    expect(validate(settings)).to.equal(true);
    expect(settings).to.deep.equal({ registries: ['github'], timeout_ms: 2000, retry_after_ms: 10000 });
  });

  it('rejects no registries, more than ten, duplicates, empty patterns and unknown fields', () => {
    expect(validate({})).to.equal(false);
    expect(validate({ registries: [] })).to.equal(false);
    expect(validate({ registries: Array.from({ length: 11 }, (_, i) => `r${i}`) })).to.equal(false);
    expect(validate({ registries: ['github', 'github'] })).to.equal(false);
    expect(validate({ registries: ['github'], tools: [''] })).to.equal(false);
    expect(validate({ registries: ['github'], tools: [] })).to.equal(false);
    expect(validate({ registries: ['github'], timeout_ms: 10 })).to.equal(false);
    expect(validate({ registries: ['github'], inject_into: 'mcp' })).to.equal(false);
  });

  it('names each registry for the admin API to check (one reference per possible entry)', () => {
    expect(plugin.references?.map((r) => r.pointer)).to.deep.equal(Array.from({ length: 10 }, (_, i) => `/registries/${i}`));
  });
});
