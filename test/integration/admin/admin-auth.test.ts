/**
 * Admin authentication: every route needs a valid token except /v1/version, /v1/openapi.json
 * and POST /v1/auth/token; machine credentials (secret shown once, stored as a hash) exchange
 * client credentials (JSON or form) for an admin token, which dies with its credential.
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { hashClientSecret } from '../../../core/admin/machine/machine-secret.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('admin: authentication and machine credentials', () => {
  let h: AdminHarness;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
  });
  after(async () => {
    await h?.close();
  });

  it('every described operation except the public ones is 401 without a token, and with a bad one', async () => {
    const paths = h.anonymous.validator.document.paths as Record<string, Record<string, { security?: unknown[] }>>;
    let checked = 0;
    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security) continue;
        const path = template.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        const anonymous = await h.anonymous.request(method.toUpperCase(), path);
        expect(anonymous.status, `${method} ${template}`).to.equal(401);
        expect(anonymous.body.error).to.equal('unauthorized');
        const forged = await h.anonymous.request(method.toUpperCase(), path, undefined, { headers: { authorization: 'Bearer not.a.token' } });
        expect(forged.status, `${method} ${template}`).to.equal(401);
        checked++;
      }
    }
    expect(checked).to.be.greaterThan(50);
  });

  it('the public routes answer without a token', async () => {
    expect(ok(await h.anonymous.get('/v1/version'), 200)).to.include({ api_version: '1.0' });
    expect(ok(await h.anonymous.get('/v1/openapi.json'), 200)).to.include({ openapi: '3.1.0' });
    expect((await h.anonymous.post('/v1/auth/token', { client_id: 'mc_nobody', client_secret: 'nothing' })).status).to.equal(401);
  });

  it('a machine credential shows its secret once, stores only its hash, and exchanges for a working admin token (JSON and form)', async () => {
    const created = ok(await h.platform.post('/v1/machine-credentials', { name: 'ci', roles: ['tenant_admin'], tenant_id: 'tenant-a' }), 201);
    expect(created).to.include({ name: 'ci', tenant_id: 'tenant-a' });
    expect(created.client_id).to.match(/^mc_/);
    expect(created.client_secret).to.match(/^mcs_/);
    const secret: string = created.client_secret;
    h.secrets.add(secret, hashClientSecret(secret));
    const stored = await h.gateway.store!.collection(COLLECTIONS.machineCredentials).findOne({ _id: created.id });
    expect(stored!.secret_hash).to.equal(hashClientSecret(secret));
    expect(JSON.stringify(stored)).to.not.contain(secret);
    const read = ok(await h.platform.get(`/v1/machine-credentials/${created.id}`), 200);
    expect(read).to.not.have.property('client_secret');
    expect(ok(await h.platform.get('/v1/machine-credentials'), 200).items.map((c: { id: string }) => c.id)).to.include(created.id);

    const json = ok(await h.anonymous.post('/v1/auth/token', { grant_type: 'client_credentials', client_id: created.client_id, client_secret: secret }), 200);
    expect(json).to.include({ token_type: 'Bearer', expires_in: 3600 });
    const form = ok(
      await h.anonymous.request('POST', '/v1/auth/token', undefined, {
        raw: new URLSearchParams({ grant_type: 'client_credentials', client_id: created.client_id, client_secret: secret }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      200,
    );
    expect(form.token_type).to.equal('Bearer');

    const machine = h.anonymous.as(json.access_token);
    const gateway = ok(await machine.post('/v1/gateways', { name: 'by machine' }), 201);
    expect(gateway.tenant_id).to.equal('tenant-a');
    // A tenant machine token stays in its tenant.
    const other = ok(await h.platform.post('/v1/gateways', { tenant_id: 'tenant-z', entitlements: { tier: 'free', caps: {}, max_instances: 1 } }), 201);
    expect((await machine.get(`/v1/gateways/${other.id}`)).status).to.equal(404);

    expect((await h.anonymous.post('/v1/auth/token', { client_id: created.client_id, client_secret: `${secret}x` })).status).to.equal(401);
    expect((await h.anonymous.post('/v1/auth/token', { client_id: created.client_id })).status).to.equal(422);

    // Deleting the credential revokes its tokens.
    expect((await h.platform.delete(`/v1/machine-credentials/${created.id}`)).status).to.equal(204);
    expect((await machine.get('/v1/gateways')).status).to.equal(401);
    expect((await h.anonymous.post('/v1/auth/token', { client_id: created.client_id, client_secret: secret })).status).to.equal(401);
    expect((await h.platform.get(`/v1/machine-credentials/${created.id}`)).status).to.equal(404);
  });

  it('tenant admins manage only tenant_admin credentials of their own tenant', async () => {
    expect((await h.tenantA.post('/v1/machine-credentials', { roles: ['platform_admin'] })).status).to.equal(422);
    expect((await h.tenantA.post('/v1/machine-credentials', { roles: ['tenant_admin'], tenant_id: 'tenant-b' })).status).to.equal(422);
    const own = ok(await h.tenantA.post('/v1/machine-credentials', { roles: ['tenant_admin'] }), 201);
    h.secrets.add(own.client_secret);
    expect(own.tenant_id).to.equal('tenant-a');
    expect((await h.tenantB.get(`/v1/machine-credentials/${own.id}`)).status).to.equal(404);
    expect((await h.tenantB.delete(`/v1/machine-credentials/${own.id}`)).status).to.equal(404);
    expect(ok(await h.tenantB.get('/v1/machine-credentials'), 200).items.map((c: { id: string }) => c.id)).to.not.include(own.id);
    expect((await h.platform.post('/v1/machine-credentials', { roles: ['tenant_admin'] })).status).to.equal(422);
  });
});
