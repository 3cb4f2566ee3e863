/**
 * Admin tokens signed RS256 by an identity provider: with PORTCULLIS_ADMIN_JWKS_URL set, the
 * admin plane verifies them against the provider's JWKS (served here on 127.0.0.1) and scopes
 * the caller by its `tenant_id`; the issuer must be PORTCULLIS_ADMIN_JWT_ISSUER (required with
 * the JWKS URL); a token of another issuer, a token signed by another key, an expired one, one meant for
 * another audience, one without roles, an RS256 token on a gateway with no JWKS configured, and
 * any token while the JWKS answer has no end are all 401.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeIssuer, type FakeIssuer } from '../../fixtures/oidc/fake-issuer.js';
import { startEndlessServer } from '../../fixtures/network/endless-answer.js';

describe('admin: RS256 tokens verified against a JWKS URL', () => {
  let issuer: FakeIssuer;
  let gateway: TestGateway;
  let ownGatewayId: string;
  let otherGatewayId: string;

  const call = async (token: string | undefined, path = '/v1/gateways', base = gateway.urls.admin!) => {
    const res = await fetch(`${base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  before(async () => {
    // Tokens of this issuer are meant for the admin API unless a test names another audience.
    issuer = await startFakeIssuer('portcullis-admin');
    gateway = await createTestGateway({ planes: ['admin'], env: { PORTCULLIS_ADMIN_JWKS_URL: issuer.jwksUri, PORTCULLIS_ADMIN_JWT_ISSUER: issuer.issuer } });
    ownGatewayId = (await gateway.seed.gateway({ tenant_id: 'tenant-a' })).id;
    otherGatewayId = (await gateway.seed.gateway({ tenant_id: 'tenant-b' })).id;
  });
  after(async () => {
    await gateway?.close();
    await issuer?.close();
  });

  it('the JWKS URL setting reaches the running gateway', () => {
    expect(gateway.settings.adminJwksUrl).to.equal(issuer.jwksUri);
  });

  it('accepts a valid RS256 tenant_admin token and scopes it to its tenant', async () => {
    const token = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] }, { subject: 'alice@idp' });
    const list = await call(token);
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    const ids = list.body.items.map((g: { id: string }) => g.id);
    expect(ids).to.include(ownGatewayId);
    expect(ids).to.not.include(otherGatewayId);
    expect((await call(token, `/v1/gateways/${ownGatewayId}`)).status).to.equal(200);
    expect((await call(token, `/v1/gateways/${otherGatewayId}`)).status).to.equal(404);
    expect(issuer.fetches.jwks).to.be.greaterThan(0);
  });

  it('refuses a token signed by a key the JWKS does not publish (401)', async () => {
    const forged = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] }, { foreignKey: true });
    const res = await call(forged);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('unauthorized');
  });

  it('refuses an expired token (401)', async () => {
    const expired = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] }, { expiresIn: -600 });
    const res = await call(expired);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('unauthorized');
  });

  it('refuses a token the provider signed for another audience, such as the proxy (401)', async () => {
    const forProxy = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] }, { audience: 'portcullis' });
    const res = await call(forProxy);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('unauthorized');
  });

  it('refuses a token signed by the JWKS key but naming another issuer (401)', async () => {
    // Identity providers share signing keys across issuers (tenants of one provider): the key alone is not enough.
    const otherIssuer = await issuer.token({ tenant_id: 'tenant-a', roles: ['platform_admin'] }, { issuer: 'https://someone-else.example' });
    const res = await call(otherIssuer);
    expect(res.status).to.equal(401);
    expect(res.body.error).to.equal('unauthorized');
  });

  it('refuses to start with a JWKS URL but no admin JWT issuer, with a message naming the setting', async () => {
    let failure: Error | undefined;
    try {
      const started = await createTestGateway({ planes: ['admin'], env: { PORTCULLIS_ADMIN_JWKS_URL: issuer.jwksUri } });
      await started.close();
    } catch (err) {
      failure = err as Error;
    }
    expect(failure?.message).to.contain('PORTCULLIS_ADMIN_JWT_ISSUER');
  });

  it('refuses a token with no roles, and a tenant_admin token without tenant_id (401)', async () => {
    const noRoles = await issuer.token({ tenant_id: 'tenant-a' });
    expect((await call(noRoles)).status).to.equal(401);
    const unknownRole = await issuer.token({ tenant_id: 'tenant-a', roles: ['viewer'] });
    expect((await call(unknownRole)).status).to.equal(401);
    const noTenant = await issuer.token({ roles: ['tenant_admin'] });
    expect((await call(noTenant)).status).to.equal(401);
  });

  it('still accepts HS256 tokens minted with the admin secret alongside the JWKS', async () => {
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const list = await call(token);
    expect(list.status).to.equal(200);
    expect(list.body.items.map((g: { id: string }) => g.id)).to.include.members([ownGatewayId, otherGatewayId]);
  });

  it('refuses every RS256 token while the JWKS answer has no end: read to 1 MiB, then dropped (401)', async () => {
    const endless = await startEndlessServer('{"keys":[{"kty":"RSA","n":"');
    const other = await createTestGateway({ planes: ['admin'], env: { PORTCULLIS_ADMIN_JWKS_URL: `${endless.url}/jwks`, PORTCULLIS_ADMIN_JWT_ISSUER: issuer.issuer } });
    try {
      const token = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] });
      expect((await call(token, '/v1/gateways', other.urls.admin!)).status).to.equal(401);
      expect(await endless.hungUp[0]).to.equal(true);
    } finally {
      await other.close();
      await endless.close();
    }
  });

  it('refuses a valid RS256 token on a gateway with no JWKS URL configured (401)', async () => {
    const plain = await createTestGateway({ planes: ['admin'] });
    try {
      const token = await issuer.token({ tenant_id: 'tenant-a', roles: ['tenant_admin'] });
      expect((await call(token, '/v1/gateways', plain.urls.admin!)).status).to.equal(401);
    } finally {
      await plain.close();
    }
  });
});
