/**
 * Out-of-range numbers are refused through the admin API with 422 `validation_failed` naming
 * the field, never clamped, and nothing is written: a rate limit of 1e20 requests, a prompt
 * size limit, prices, plan caps and instance counts past what any deployment uses.
 */
import { expect } from 'chai';
import { AdminClient } from './helpers/admin-client.js';
import { ENTITLEMENTS, startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

const refused = AdminClient.expectRefusal;

describe('admin: out-of-range numbers', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('refuses a rate limiter allowing 1e20 requests, on create and on PATCH, and accepts 1e9', async () => {
    const limiter = (requests: number) => ({ type: 'rate_limiter', name: `limit ${requests}`, settings: { limits: [{ requests, window: 'minute' }] } });
    refused(await h.tenantA.post(`${g}/policies`, limiter(1e20)), '/settings/limits/0/requests');
    const policy = ok(await h.tenantA.post(`${g}/policies`, limiter(1e9)), 201);
    refused(await h.tenantA.patch(`${g}/policies/${policy.id}`, { settings: limiter(1e20).settings }), '/settings/limits/0/requests');
    expect(ok(await h.tenantA.get(`${g}/policies/${policy.id}`), 200).settings.limits[0].requests).to.equal(1e9);
  });

  it('refuses a prompt size limit and a default price past any real value', async () => {
    refused(await h.tenantA.post(`${g}/policies`, { type: 'request_size_limiter', settings: { max_characters: 1e20 } }), '/settings/max_characters');
    refused(
      await h.tenantA.post(`${g}/policies`, { type: 'token_rate_limiter', settings: { unit: 'dollars', limits: [{ amount: 5, window: 'day' }], default_price: { input: 1e20, output: 1 } } }),
      '/settings/default_price/input',
    );
  });

  it("refuses a registry's own price past any real value", async () => {
    refused(
      await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', slug: 'priced', options: { prices: { 'my-model': { input: 1e20, output: 1 } } } }),
      '/options/prices/my-model/input',
    );
  });

  it('refuses plan caps and instance counts past any real value', async () => {
    refused(await h.platform.post('/v1/gateways', { tenant_id: 't-big', entitlements: { ...ENTITLEMENTS, caps: { requests_per_minute: 1e20 } } }), '/entitlements/caps/requests_per_minute');
    refused(await h.platform.post('/v1/gateways', { tenant_id: 't-big', entitlements: { ...ENTITLEMENTS, max_instances: 1e20 } }), '/entitlements/max_instances');
  });
});
