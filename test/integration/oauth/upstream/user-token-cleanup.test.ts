/**
 * A user's own tokens at an MCP server (upstream OAuth) never outlive their registry or gateway:
 * deleting either through the admin API deletes them in the same batch.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { UPSTREAM_OAUTH_COLLECTIONS } from '../../../../core/oauth/upstream/user-token-store.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';

describe('oauth upstream: users\' tokens go with their registry and gateway', () => {
  let gateway: TestGateway;
  let token: string;
  const tokens = () => gateway.store!.collection(UPSTREAM_OAUTH_COLLECTIONS.tokens);
  const admin = (method: string, path: string) => fetch(`${gateway.urls.admin}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  const tokenDoc = (id: string, gatewayId: string, registryId: string) => ({ _id: id, gateway_id: gatewayId, registry_id: registryId, user_key: `u-${id}`, sealed: 'x' });

  before(async () => {
    gateway = await createTestGateway({ planes: ['admin'] });
    token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
  });
  after(async () => gateway?.close());

  it('deleting a registry deletes its users\' tokens and no other registry\'s', async () => {
    const gw = await gateway.seed.gateway();
    const a = await gateway.seed.registry(gw.id, { type: 'MCP', provider: 'mcp', slug: 'docs', base_url: 'https://docs.example.com/mcp' });
    const b = await gateway.seed.registry(gw.id, { type: 'MCP', provider: 'mcp', slug: 'jira', base_url: 'https://jira.example.com/mcp' });
    await tokens().insertMany([tokenDoc('t1', gw.id, a._id), tokenDoc('t2', gw.id, a._id), tokenDoc('t3', gw.id, b._id)]);
    expect((await admin('DELETE', `/v1/gateways/${gw.id}/registries/${a._id}`)).status).to.equal(204);
    expect((await tokens().find({ gateway_id: gw.id })).map((d) => d._id)).to.deep.equal(['t3']);
  });

  it('deleting a gateway deletes every token of its registries', async () => {
    const gw = await gateway.seed.gateway();
    const other = await gateway.seed.gateway();
    const r = await gateway.seed.registry(gw.id, { type: 'MCP', provider: 'mcp', slug: 'docs', base_url: 'https://docs.example.com/mcp' });
    await tokens().insertMany([tokenDoc('g1', gw.id, r._id), tokenDoc('g2', other.id, 'elsewhere')]);
    expect((await admin('DELETE', `/v1/gateways/${gw.id}`)).status).to.equal(204);
    expect(await tokens().find({ gateway_id: gw.id })).to.deep.equal([]);
    expect((await tokens().find({ gateway_id: other.id })).map((d) => d._id)).to.deep.equal(['g2']);
  });
});
