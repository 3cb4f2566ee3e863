/**
 * `/{slug}/mcp` serves both protocol eras on one endpoint with the official SDK clients as
 * callers: a 2025-11-25 client (SDK v1, `initialize` and a session) and a 2026-07-28 client
 * (SDK v2 pinned to the stateless revision) see the same merged list, and their calls reach the
 * right upstream with the arguments unchanged.
 */
import { expect } from 'chai';
import { startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';

describe('mcp endpoint: both protocol eras', () => {
  let world: EndpointWorld;
  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('a legacy client initializes, gets a session id and the tools capability with listChanged', async () => {
    const client = await world.legacyClient();
    expect(client.getServerCapabilities()?.tools).to.deep.equal({ listChanged: true });
    expect(client.getServerVersion()?.name).to.equal('portcullis');
  });

  it('legacy and modern clients see the identical merged list, with definitions passed through', async () => {
    const legacy = await (await world.legacyClient()).listTools();
    const modern = await (await world.modernClient()).listTools();
    expect(legacy.tools.map((t) => t.name)).to.deep.equal(['docs__search', 'tickets__close_ticket', 'tickets__open_ticket']);
    expect(modern.tools).to.deep.equal(legacy.tools);
    const open = legacy.tools.find((t) => t.name === 'tickets__open_ticket')!;
    expect(open.title).to.equal('Open a ticket');
    expect(open.outputSchema).to.deep.equal({ type: 'object', properties: { id: { type: 'string' } } });
    expect(legacy.tools.find((t) => t.name === 'docs__search')!.annotations).to.deep.equal({ readOnlyHint: true });
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: a call reaches its upstream tool with its arguments unchanged`, async () => {
      const client = era === 'legacy' ? await world.legacyClient() : await world.modernClient();
      const args = { q: 'rate limits', nested: { list: [1, 'two', null] } };
      const result = await client.callTool({ name: 'docs__search', arguments: args });
      expect(result.isError).to.not.equal(true);
      expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).to.deep.equal({ tool: 'search', arguments: args });
    });

    it(`${era}: an unknown tool is the protocol error -32602`, async () => {
      const client = era === 'legacy' ? await world.legacyClient() : await world.modernClient();
      const error = await client.callTool({ name: 'docs__nope', arguments: {} }).then(() => undefined, (err: { code?: number; message: string }) => err);
      expect(error?.code).to.equal(-32602);
      expect(error?.message).to.contain('Unknown tool: docs__nope');
    });
  }
});
