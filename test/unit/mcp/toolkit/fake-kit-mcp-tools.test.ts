import { expect } from 'chai';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import type { McpToolService } from '../../../../core/mcp/toolkit-types.js';

describe('mcp toolkit: fakeKit mcpTools', () => {
  it('rejects with an error saying to pass the option when none is given', async () => {
    const kit = fakeKit({});
    let error: Error | undefined;
    await kit.mcpTools.toolsOf('github').catch((err: Error) => (error = err));
    expect(error?.message).to.match(/kit\.mcpTools is not configured.*pass the mcpTools option/);
  });

  it('uses the given service', async () => {
    const service: McpToolService = { toolsOf: async () => [] };
    expect(await fakeKit({}, { mcpTools: service }).mcpTools.toolsOf('x')).to.deep.equal([]);
  });
});
