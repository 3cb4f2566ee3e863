/**
 * Auths and vault credentials over HTTP: an api_key auth answers its `ag_` key once (stored as
 * a SHA-256 hash; listings show prefix and last four only), oidc auths carry issuer, audience,
 * jwks_uri and groups_claim; vault secrets are write-only and sealed at rest.
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { hashKey } from '../../../core/security/api-keys.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('admin: auths and vault credentials', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('an api_key auth returns its ag_ key once; only the hash is stored; later reads show prefix and last four', async () => {
    const created = ok(await h.tenantA.post(`${g}/auths`, { name: 'app key', type: 'api_key' }), 201);
    expect(created.key).to.match(/^ag_[A-Za-z0-9_-]{40,}$/);
    expect(JSON.stringify(created)).to.not.contain(hashKey(created.key));
    h.rememberKey(created.key);
    expect(created.key_prefix).to.equal(created.key.slice(0, 7));
    expect(created.key_last4).to.equal(created.key.slice(-4));
    const stored = await h.gateway.store!.collection(COLLECTIONS.auths).findOne({ _id: created.id });
    expect(stored!.key_hash).to.equal(hashKey(created.key));
    expect(JSON.stringify(stored)).to.not.contain(created.key);
    const read = ok(await h.tenantA.get(`${g}/auths/${created.id}`), 200);
    expect(read).to.not.have.property('key');
    expect(read).to.not.have.property('key_hash');
    expect(read).to.include({ key_prefix: created.key_prefix, key_last4: created.key_last4 });
    ok(await h.tenantA.get(`${g}/auths`), 200);
    expect(ok(await h.tenantA.patch(`${g}/auths/${created.id}`, { name: 'renamed' }), 200).name).to.equal('renamed');
    expect((await h.tenantA.patch(`${g}/auths/${created.id}`, { oidc: { issuer: 'https://idp.example' } })).status).to.equal(422);
    expect((await h.tenantA.delete(`${g}/auths/${created.id}`)).status).to.equal(204);
    expect((await h.tenantA.get(`${g}/auths/${created.id}`)).status).to.equal(404);
  });

  it('an oidc auth stores issuer, audience, jwks_uri and groups_claim; oidc fields are required for it and refused for api_key', async () => {
    const oidc = { issuer: 'https://idp.example', audience: 'portcullis', jwks_uri: 'https://idp.example/jwks', groups_claim: 'groups' };
    const created = ok(await h.tenantA.post(`${g}/auths`, { name: 'sso', type: 'oidc', oidc }), 201);
    expect(created.oidc).to.deep.equal(oidc);
    expect(created).to.not.have.property('key');
    expect((await h.tenantA.post(`${g}/auths`, { type: 'oidc' })).status).to.equal(422);
    expect((await h.tenantA.post(`${g}/auths`, { type: 'api_key', oidc })).status).to.equal(422);
    expect((await h.tenantA.post(`${g}/auths`, { type: 'saml' })).body.message).to.contain('/type');
    const updated = ok(await h.tenantA.patch(`${g}/auths/${created.id}`, { oidc: { ...oidc, groups_claim: 'roles' } }), 200);
    expect(updated.oidc.groups_claim).to.equal('roles');
  });

  it('vault credential secrets are write-only and sealed at rest', async () => {
    const secret = 'vault-secret-value-0001';
    h.secrets.add(secret, 'vault-secret-value-0002');
    const created = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'openai key', description: 'prod', secret }), 201);
    expect(created).to.include({ name: 'openai key', description: 'prod' });
    expect(created).to.not.have.property('secret');
    const stored = await h.gateway.store!.collection(COLLECTIONS.vaultCredentials).findOne({ _id: created.id });
    expect(JSON.stringify(stored)).to.not.contain(secret);
    expect(h.gateway.secretBox.open(stored!.secret_sealed as never)).to.equal(secret);
    ok(await h.tenantA.get(`${g}/vault-credentials/${created.id}`), 200);
    ok(await h.tenantA.get(`${g}/vault-credentials`), 200);
    ok(await h.tenantA.patch(`${g}/vault-credentials/${created.id}`, { secret: 'vault-secret-value-0002' }), 200);
    const rotated = await h.gateway.store!.collection(COLLECTIONS.vaultCredentials).findOne({ _id: created.id });
    expect(h.gateway.secretBox.open(rotated!.secret_sealed as never)).to.equal('vault-secret-value-0002');
    expect((await h.tenantA.post(`${g}/vault-credentials`, { name: 'no secret' })).body.message).to.contain('/secret');
    expect((await h.tenantA.delete(`${g}/vault-credentials/${created.id}`)).status).to.equal(204);
  });
});
