/**
 * The config-sync connections list names every data plane of the cluster (hostnames, scopes,
 * versions), whatever tenant it serves: it is for platform admins only, and a tenant admin
 * gets 403 in the admin plane's `{error, message}` shape.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';

describe('config-sync connections list: platform admins only', () => {
  let gateway: TestGateway;

  const list = async (token: string) => {
    const res = await fetch(`${gateway.urls.admin}/v1/config-sync/connections`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  before(async () => {
    gateway = await createTestGateway({ planes: ['admin'] });
  });
  after(async () => {
    await gateway?.close();
  });

  it('answers a platform admin', async () => {
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const res = await list(token);
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ total: 0 });
  });

  it('refuses a tenant admin with 403 forbidden', async () => {
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'alice', tenantId: 'tenant-a', roles: ['tenant_admin'] });
    const res = await list(token);
    expect(res.status).to.equal(403);
    expect(res.body.error).to.equal('forbidden');
    expect(res.body.message).to.be.a('string').and.contain('platform admin');
  });
});
