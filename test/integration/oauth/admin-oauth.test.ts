/**
 * The admin face of the gateway's authorization server: PUT and GET
 * `/v1/gateways/{id}/oauth` (the identity provider, its client secret write-only and sealed at
 * rest, the egress policy on the issuer), and the registered clients' listing and revocation.
 */
import { expect } from 'chai';
import { OAUTH_COLLECTIONS } from '../../../core/oauth/oauth-records.js';
import { OAuthStateStore } from '../../../core/oauth/store-adapter.js';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('oauth: admin configuration and clients', () => {
  let h: AdminHarness;
  let gatewayId: string;
  let gatewaySlug: string;
  let g: string;
  const secret = 'idp-client-secret-0001';

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    const gw = await h.newGateway();
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    g = `/v1/gateways/${gatewayId}`;
    h.secrets.add(secret);
  });
  after(async () => {
    await h?.close();
  });

  it('is 404 before it is configured', async () => {
    const missing = await h.tenantA.get(`${g}/oauth`);
    expect(missing.status).to.equal(404);
    expect(missing.body.error).to.equal('not_found');
  });

  it('PUT stores the identity provider with the secret sealed; GET shows it without the secret, with the paths to register', async () => {
    const put = ok(await h.tenantA.put(`${g}/oauth`, { issuer: 'https://idp.example/realms/acme', client_id: 'portcullis', client_secret: secret }), 200);
    expect(put).to.include({ issuer: 'https://idp.example/realms/acme', client_id: 'portcullis', groups_claim: 'groups', gateway_id: gatewayId });
    expect(put.authorization_server).to.equal(`/${gatewaySlug}/oauth`);
    expect(put.redirect_uri).to.equal(`/${gatewaySlug}/oauth/callback`);
    expect(JSON.stringify(put)).to.not.contain(secret);
    const read = ok(await h.tenantA.get(`${g}/oauth`), 200);
    expect(read).to.not.have.property('client_secret');
    expect(read).to.not.have.property('client_secret_sealed');
    const stored = await h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gatewayId });
    expect(JSON.stringify(stored)).to.not.contain(secret);
    expect(h.gateway.secretBox.open(stored!.client_secret_sealed as never)).to.equal(secret);
  });

  it('a later PUT without client_secret keeps the stored one; groups_claim is replaced', async () => {
    const put = ok(await h.tenantA.put(`${g}/oauth`, { issuer: 'https://idp.example/realms/acme', client_id: 'portcullis-2', groups_claim: 'realm_access.roles' }), 200);
    expect(put).to.include({ client_id: 'portcullis-2', groups_claim: 'realm_access.roles' });
    const stored = await h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gatewayId });
    expect(h.gateway.secretBox.open(stored!.client_secret_sealed as never)).to.equal(secret);
  });

  it('refuses bad bodies with 422 naming the field, and an internal issuer under the egress policy', async () => {
    const other = `/v1/gateways/${(await h.newGateway()).id}`;
    const noSecret = await h.tenantA.put(`${other}/oauth`, { issuer: 'https://idp.example', client_id: 'x' });
    expect(noSecret.status).to.equal(422);
    expect(noSecret.body.message).to.contain('/client_secret');
    const unknown = await h.tenantA.put(`${g}/oauth`, { issuer: 'https://idp.example', client_id: 'x', scopes: ['a'] });
    expect(unknown.status).to.equal(422);
    const notUri = await h.tenantA.put(`${g}/oauth`, { issuer: 'not a url', client_id: 'x' });
    expect(notUri.status).to.equal(422);
    expect(notUri.body.message).to.contain('/issuer');
    const internal = await h.tenantA.put(`${g}/oauth`, { issuer: 'http://169.254.169.254/latest', client_id: 'x', client_secret: 's' });
    expect(internal.status).to.equal(422);
    expect(internal.body.message).to.contain('/issuer');
    expect((await h.tenantB.put(`${g}/oauth`, { issuer: 'https://idp.example', client_id: 'x', client_secret: 's' })).status).to.equal(404);
  });

  it('lists registered clients with their grants, and DELETE revokes one (grants and refresh tokens gone, its id refused from the next snapshot)', async () => {
    const state = new OAuthStateStore(h.gateway.store!, gatewayId);
    await state.upsert('Client', 'client-a', { client_id: 'client-a', client_name: 'Agent A', application_type: 'native', redirect_uris: ['http://127.0.0.1:9/cb'], client_id_issued_at: 1_800_000_000 });
    await state.upsert('Client', 'client-b', { client_id: 'client-b', redirect_uris: ['https://b.example/cb'], client_id_issued_at: 1_800_000_001 });
    await state.upsert('Grant', 'grant-a', { clientId: 'client-a', accountId: 'alice' }, 3600);
    await state.upsert('RefreshToken', 'rt-a', { clientId: 'client-a', grantId: 'grant-a' }, 3600);
    const page = ok(await h.tenantA.get(`${g}/oauth/clients`), 200);
    expect(page.total).to.equal(2);
    expect(page.items[0]).to.deep.include({ client_id: 'client-a', client_name: 'Agent A', application_type: 'native', grants: 1 });
    expect(page.items[1]).to.deep.include({ client_id: 'client-b', grants: 0 });

    expect((await h.tenantA.delete(`${g}/oauth/clients/client-a`)).status).to.equal(204);
    expect(await state.find('Grant', 'grant-a')).to.equal(undefined);
    expect(await state.find('RefreshToken', 'rt-a')).to.equal(undefined);
    expect(ok(await h.tenantA.get(`${g}/oauth/clients`), 200).total).to.equal(1);
    const stored = await h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gatewayId });
    expect((stored!.revoked_clients as Array<{ client_id: string }>).map((r) => r.client_id)).to.deep.equal(['client-a']);
    const missing = await h.tenantA.delete(`${g}/oauth/clients/client-a`);
    expect(missing.status).to.equal(404);
    expect(missing.body.error).to.equal('not_found');
  });

  it('deleting the gateway deletes its OAuth configuration and state', async () => {
    const gw = await h.newGateway();
    ok(await h.tenantA.put(`/v1/gateways/${gw.id}/oauth`, { issuer: 'https://idp.example', client_id: 'x', client_secret: 's3' }), 200);
    await new OAuthStateStore(h.gateway.store!, gw.id).upsert('Client', 'c', { client_id: 'c', redirect_uris: [] });
    expect((await h.platform.delete(`/v1/gateways/${gw.id}`)).status).to.equal(204);
    expect(await h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).count({ gateway_id: gw.id })).to.equal(0);
    expect(await h.gateway.store!.collection(OAUTH_COLLECTIONS.state).count({ gateway_id: gw.id })).to.equal(0);
  });
});
