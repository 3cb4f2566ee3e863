/**
 * Gateways over HTTP: create (slug optional and unique, tenant from the token or the body,
 * entitlements stamped by platform admins only), list, get, update (tier downgrades that leave
 * the tenant over its maximum are 409), delete cascading to every child record in one batch,
 * and tenant isolation (another tenant's records are 404).
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { GATEWAY_CHILD_COLLECTIONS } from '../../../core/admin/gateways/gateway-cascade.js';
import { OAuthStateStore } from '../../../core/oauth/store-adapter.js';
import { AdminClient } from './helpers/admin-client.js';
import { ENTITLEMENTS, STAGE_RECORDER, startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';
import { UPSTREAM_OAUTH_COLLECTIONS } from '../../../core/oauth/upstream/user-token-store.js';

const ok = AdminClient.expectStatus;

describe('admin: gateways', () => {
  let h: AdminHarness;
  before(async () => {
    h = await startAdminHarness({ planes: ['admin'], plugins: [STAGE_RECORDER] });
  });
  after(async () => {
    await h?.close();
  });

  it('a platform admin creates a gateway for a tenant, stamping entitlements', async () => {
    const gateway = ok(await h.platform.post('/v1/gateways', { slug: 'acme', name: 'Acme', tenant_id: 'tenant-p', entitlements: ENTITLEMENTS }), 201);
    expect(gateway).to.include({ slug: 'acme', name: 'Acme', tenant_id: 'tenant-p' });
    expect(gateway.entitlements).to.deep.equal(ENTITLEMENTS);
    expect(ok(await h.platform.get(`/v1/gateways/${gateway.id}`), 200)).to.deep.equal(gateway);
  });

  it('a platform create without entitlements or tenant is 422 naming the field', async () => {
    const missing = await h.platform.post('/v1/gateways', { tenant_id: 'tenant-p' });
    expect(missing.status).to.equal(422);
    expect(missing.body).to.deep.include({ error: 'validation_failed' });
    expect(missing.body.message).to.contain('/entitlements');
    const noTenant = await h.platform.post('/v1/gateways', { entitlements: ENTITLEMENTS });
    expect(noTenant.status).to.equal(422);
    expect(noTenant.body.message).to.contain('/tenant_id');
    const partial = await h.platform.post('/v1/gateways', { tenant_id: 'tenant-p', entitlements: { tier: 'team' } });
    expect(partial.status).to.equal(422);
    expect(partial.body.message).to.contain('/entitlements/caps');
  });

  it('without a slug the gateway gets a random lowercase DNS label; a duplicate slug is 409', async () => {
    const first = ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-s', entitlements: ENTITLEMENTS }), 201);
    const second = ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-s', entitlements: ENTITLEMENTS }), 201);
    for (const slug of [first.slug, second.slug]) expect(slug).to.match(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
    expect(first.slug).to.not.equal(second.slug);
    const duplicate = await h.platform.post('/v1/gateways', { slug: first.slug, tenant_id: 'tenant-s', entitlements: ENTITLEMENTS });
    expect(duplicate.status).to.equal(409);
    expect(duplicate.body.error).to.equal('conflict');
    const renamed = await h.platform.patch(`/v1/gateways/${second.id}`, { slug: first.slug });
    expect(renamed.status).to.equal(409);
    const badSlug = await h.platform.post('/v1/gateways', { slug: 'Not_A_Label', tenant_id: 'tenant-s', entitlements: ENTITLEMENTS });
    expect(badSlug.status).to.equal(422);
    expect(badSlug.body.message).to.contain('/slug');
  });

  it('a tenant admin creates gateways in its own tenant, inheriting entitlements, and may not send entitlements or another tenant', async () => {
    ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-t', entitlements: { tier: 'team', caps: {}, max_instances: 2 } }), 201);
    const tenantT = await mintTenant('tenant-t');
    const own = ok(await tenantT.post('/v1/gateways', { name: 'mine' }), 201);
    expect(own.tenant_id).to.equal('tenant-t');
    expect(own.entitlements).to.deep.equal({ tier: 'team', caps: {}, max_instances: 2 });
    const withEntitlements = await tenantT.post('/v1/gateways', { entitlements: ENTITLEMENTS });
    expect(withEntitlements.status).to.equal(422);
    expect(withEntitlements.body.message).to.contain('/entitlements');
    const otherTenant = await tenantT.post('/v1/gateways', { tenant_id: 'tenant-x' });
    expect(otherTenant.status).to.equal(422);
    expect(otherTenant.body.message).to.contain('/tenant_id');
    // The tenant now owns its maximum of two gateways.
    const third = await tenantT.post('/v1/gateways', {});
    expect(third.status).to.equal(409);
  });

  it('a tenant token sending entitlements on update is 422', async () => {
    const tenantU = await mintTenant('tenant-u');
    const gateway = ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-u', entitlements: ENTITLEMENTS }), 201);
    const response = await tenantU.patch(`/v1/gateways/${gateway.id}`, { entitlements: { ...ENTITLEMENTS, tier: 'enterprise' } });
    expect(response.status).to.equal(422);
    expect(response.body.message).to.contain('/entitlements');
    expect(ok(await tenantU.patch(`/v1/gateways/${gateway.id}`, { name: 'renamed' }), 200).name).to.equal('renamed');
  });

  it('a tier downgrade that leaves the tenant over its maximum instances is 409; one that fits applies tenant-wide', async () => {
    const stamp = { tier: 'enterprise', caps: {}, max_instances: 3 };
    const gateways = [];
    for (let i = 0; i < 3; i++) gateways.push(ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-d', entitlements: stamp }), 201));
    const downgrade = await h.platform.patch(`/v1/gateways/${gateways[0].id}`, { entitlements: { tier: 'free', caps: {}, max_instances: 1 } });
    expect(downgrade.status).to.equal(409);
    expect(downgrade.body.error).to.equal('conflict');
    expect(ok(await h.platform.get(`/v1/gateways/${gateways[0].id}`), 200).entitlements).to.deep.equal(stamp);
    const fits = { tier: 'team', caps: { requests_per_minute: 10 }, max_instances: 3 };
    ok(await h.platform.patch(`/v1/gateways/${gateways[0].id}`, { entitlements: fits }), 200);
    for (const g of gateways) expect(ok(await h.platform.get(`/v1/gateways/${g.id}`), 200).entitlements).to.deep.equal(fits);
  });

  it('lists are paginated {items, page, size, total}; a tenant lists only its own gateways', async () => {
    for (let i = 0; i < 3; i++) ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-l', entitlements: ENTITLEMENTS }), 201);
    const tenantL = await mintTenant('tenant-l');
    const page1 = ok(await tenantL.get('/v1/gateways?size=2'), 200);
    expect(page1).to.include({ page: 1, size: 2, total: 3 });
    expect(page1.items).to.have.length(2);
    const page2 = ok(await tenantL.get('/v1/gateways?size=2&page=2'), 200);
    expect(page2.items).to.have.length(1);
    expect(page2.items.every((g: { tenant_id: string }) => g.tenant_id === 'tenant-l')).to.equal(true);
    const defaults = ok(await tenantL.get('/v1/gateways'), 200);
    expect(defaults).to.include({ page: 1, size: 20, total: 3 });
    expect((await tenantL.get('/v1/gateways?size=101')).status).to.equal(422);
    expect((await tenantL.get('/v1/gateways?page=0')).status).to.equal(422);
    const all = ok(await h.platform.get('/v1/gateways?size=100'), 200);
    expect(all.total).to.be.greaterThan(3);
  });

  it("a tenant never sees another tenant's gateway or its records: 404, not 403", async () => {
    const gateway = await h.newGateway();
    const registry = ok(await h.tenantA.post(`/v1/gateways/${gateway.id}/registries`, { type: 'LLM', provider: 'openai' }), 201);
    for (const path of [`/v1/gateways/${gateway.id}`, `/v1/gateways/${gateway.id}/registries`, `/v1/gateways/${gateway.id}/registries/${registry.id}`, `/v1/gateways/${gateway.id}/consumers`]) {
      const response = await h.tenantB.get(path);
      expect(response.status, path).to.equal(404);
      expect(response.body.error).to.equal('not_found');
    }
    expect((await h.tenantB.patch(`/v1/gateways/${gateway.id}`, { name: 'x' })).status).to.equal(404);
    expect((await h.tenantB.delete(`/v1/gateways/${gateway.id}`)).status).to.equal(404);
    expect((await h.tenantB.post(`/v1/gateways/${gateway.id}/consumers`, { slug: 'intruder' })).status).to.equal(404);
    expect(ok(await h.tenantB.get('/v1/gateways'), 200).items.map((g: { id: string }) => g.id)).to.not.include(gateway.id);
    expect((await h.tenantA.get(`/v1/gateways/${gateway.id}/registries/${registry.id}`)).status).to.equal(200);
  });

  it('deleting a gateway deletes every child record in one batch, leaving no orphan', async () => {
    const gateway = await h.newGateway();
    const g = `/v1/gateways/${gateway.id}`;
    const credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'k', secret: 'vault-secret-for-cascade' }), 201);
    h.secrets.add('vault-secret-for-cascade');
    const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', auth: { credential_id: credential.id } }), 201);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'app', routing_mode: 'role_based' }), 201);
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'r', registries: [registry.id] }), 201);
    const auth = ok(await h.tenantA.post(`${g}/auths`, { type: 'api_key' }), 201);
    h.rememberKey(auth.key);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/roles/${role.id}`), 200);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/auths/${auth.id}`), 200);
    const store = h.gateway.store!;
    const policy = ok(await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 'p' } }), 201);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/policies/${policy.id}`), 200);
    // OAuth: the configuration and a registered client of the gateway's authorization server.
    ok(await h.tenantA.put(`${g}/oauth`, { issuer: 'https://idp.example', client_id: 'gw', client_secret: 'oauth-secret-for-cascade' }), 200);
    h.secrets.add('oauth-secret-for-cascade');
    await new OAuthStateStore(store, gateway.id).upsert('Client', 'c1', { client_id: 'c1', redirect_uris: ['https://agent.example/cb'] });
    // Upstream OAuth: a user's token at one of the gateway's MCP servers.
    await store.collection(UPSTREAM_OAUTH_COLLECTIONS.tokens).insertOne({ _id: `cascade-${gateway.id}`, gateway_id: gateway.id, registry_id: registry.id, user_key: 'u', sealed: 'x' });
    // Store: servers, access rules, an install and an approval request.
    for (const code of ['a', 'b']) ok(await h.tenantA.post(`${g}/store/servers`, { code, name: code, base_url: `https://${code}.example/mcp` }), 201);
    ok(await h.tenantA.put(`${g}/store/access`, { rules: [{ code: 'a', group: '*', level: 'allowed' }, { code: 'b', group: '*', level: 'approval' }] }), 200);
    ok(await h.tenantA.post(`${g}/store/principal/installs`, { code: 'a', principal_sub: 'u' }), 200);
    ok(await h.tenantA.post(`${g}/store/principal/installs`, { code: 'b', principal_sub: 'u', reason: 'r' }), 200);
    for (const collection of GATEWAY_CHILD_COLLECTIONS) expect(await store.collection(collection).count({ gateway_id: gateway.id }), collection).to.be.greaterThan(0);

    // Watch the store's batches: the whole cascade must be one of them.
    const batches: number[] = [];
    const original = store.batch.bind(store);
    store.batch = async (ops) => {
      batches.push(ops.length);
      return original(ops);
    };
    try {
      const response = await h.tenantA.delete(g);
      expect(response.status).to.equal(204);
    } finally {
      store.batch = original;
    }
    expect(batches).to.have.length(1);
    for (const collection of GATEWAY_CHILD_COLLECTIONS) expect(await store.collection(collection).count({ gateway_id: gateway.id }), collection).to.equal(0);
    expect(await store.collection(COLLECTIONS.gateways).count({ _id: gateway.id })).to.equal(0);
    expect((await h.tenantA.get(g)).status).to.equal(404);
    expect((await h.tenantA.get(`${g}/consumers`)).status).to.equal(404);
  });

  const mintTenant = (tenantId: string) => h.tenant(tenantId);
});
