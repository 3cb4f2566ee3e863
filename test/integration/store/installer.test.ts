/**
 * The Store installer on the admin plane: the catalog as data (servers per gateway, 422 naming
 * the field), access levels, `POST /store/principal/installs` for every row of spec 3.3 and every
 * flag of spec 2.3, approvals (approve installs, deny records why), uninstall, the error statuses
 * with their bodies, and two concurrent installs landing as one.
 */
import { expect } from 'chai';
import { StoreError } from '../../../core/store/types.js';
import { STORE_COLLECTIONS } from '../../../core/store-installer/records.js';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';

const expectStatus = AdminClient.expectStatus;
const FLAGS_OFF = {
  already_installed: false, pending: false, requires_admin_setup: false, requires_auth: false,
  requires_config: false, requires_instance_choice: false, requires_reason: false,
};

describe('store: installer, access levels and approvals', function () {
  this.timeout(30_000);
  let h: AdminHarness;
  let gatewayId: string;
  let store: string;
  let mcpA: string;
  let mcpB: string;
  let llm: string;
  const install = (body: Record<string, unknown>) => h.tenantA.post(`${store}/principal/installs`, body);
  const server = async (body: Record<string, unknown>) => expectStatus(await h.tenantA.post(`${store}/servers`, body), 201);

  before(async () => {
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    gatewayId = (await h.newGateway()).id;
    store = `/v1/gateways/${gatewayId}/store`;
    mcpA = (await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'tracker-eu', base_url: 'http://127.0.0.1:9/mcp' }))._id;
    mcpB = (await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'tracker-us', base_url: 'http://127.0.0.1:9/mcp' }))._id;
    llm = (await h.gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'openai', base_url: 'http://127.0.0.1:9/v1' }))._id;
    await h.gateway.configChanged();
    await server({ code: 'wiki', name: 'Wiki', base_url: 'http://127.0.0.1:9/wiki/mcp' });
    await server({ code: 'tracker', name: 'Tracker', instances: [{ name: 'EU', registry_id: mcpA }, { name: 'US', registry_id: mcpB }] });
    await server({
      code: 'billing', name: 'Billing', base_url: 'http://127.0.0.1:9/billing/mcp', requires_config: true,
      config_schema: { type: 'object', required: ['account'], properties: { account: { type: 'string', pattern: '^acct_' } }, additionalProperties: false },
    });
    // Each user signs in to the mail server through its registry (per-user upstream OAuth).
    const mailbox = expectStatus(await h.tenantA.post(`/v1/gateways/${gatewayId}/registries`, {
      type: 'MCP', provider: 'mcp', slug: 'mailbox', base_url: 'http://127.0.0.1:9/mail/mcp', auth: { oauth: { issuer: 'http://127.0.0.1:9/as', client_id: 'portcullis' } },
    }), 201);
    await server({ code: 'mail', name: 'Mail', requires_auth: true, instances: [{ name: 'mail', registry_id: mailbox.id }] });
    await server({ code: 'erp', name: 'ERP', base_url: 'http://127.0.0.1:9/erp/mcp', requires_admin_setup: true });
    await server({ code: 'secret', name: 'Secret', base_url: 'http://127.0.0.1:9/secret/mcp' });
    expectStatus(await h.tenantA.put(`${store}/access`, {
      rules: [
        { code: '*', group: 'eng', level: 'allowed' },
        { code: 'secret', group: '*', level: 'none' },
        { code: '*', group: 'sales', level: 'approval' },
        { code: 'wiki', group: 'sales', level: 'none' },
        { code: 'wiki', group: 'interns', level: 'approval' },
      ],
    }), 200);
  });
  after(async () => {
    await h?.close();
  });

  describe('the catalog as data', () => {
    it('serves the built-in catalog and each gateway\'s own servers with defaults filled in', async () => {
      const catalog = expectStatus(await h.tenantA.get('/v1/catalog/mcp-servers'), 200);
      expect(catalog.total).to.be.greaterThan(0);
      const list = expectStatus(await h.tenantA.get(`${store}/servers?size=100`), 200);
      expect(list.items.map((s: { code: string }) => s.code)).to.deep.equal(['wiki', 'tracker', 'billing', 'mail', 'erp', 'secret']);
      const wiki = expectStatus(await h.tenantA.get(`${store}/servers/wiki`), 200);
      expect(wiki).to.include({ code: 'wiki', name: 'Wiki', requires_config: false, requires_auth: false, requires_admin_setup: false });
      expect(wiki.instances).to.deep.equal([]);
      expect(expectStatus(await h.tenantB.get(`${store}/servers`), 404).error).to.equal('not_found');
    });

    it('refuses a server it could not install, naming the field (422), and a taken code (409)', async () => {
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'x1', name: 'X' }), '/base_url');
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'x1', name: 'X', instances: [{ name: 'llm', registry_id: llm }] }), '/instances/0/registry_id');
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'x1', name: 'X', base_url: 'http://127.0.0.1:9/mcp', config_schema: { type: 'nope' } }), '/config_schema');
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'Bad Code', name: 'X', base_url: 'http://127.0.0.1:9/mcp' }), '/code');
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'x1', name: 'X', base_url: 'http://127.0.0.1:9/mcp', color: 'red' }), '/color');
      // From base_url its code is the slug of its tools' merged names: a registry's slug is refused.
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'tracker-eu', name: 'X', base_url: 'http://127.0.0.1:9/mcp' }), '/code');
      const taken = expectStatus(await h.tenantA.post(`${store}/servers`, { code: 'wiki', name: 'Again', base_url: 'http://127.0.0.1:9/mcp' }), 409);
      expect(taken.error).to.equal('conflict');
      expect(expectStatus(await h.tenantA.get(`${store}/servers/x1`), 404).error).to.equal('not_found');
    });

    it('updates and deletes a server by code', async () => {
      await server({ code: 'temp', name: 'Temp', base_url: 'http://127.0.0.1:9/temp/mcp' });
      const patched = expectStatus(await h.tenantA.patch(`${store}/servers/temp`, { name: 'Temporary', requires_admin_setup: true }), 200);
      expect(patched).to.include({ code: 'temp', name: 'Temporary', requires_admin_setup: true });
      // From base_url there is nowhere for a user to sign in (docs/store.md).
      AdminClient.expectRefusal(await h.tenantA.patch(`${store}/servers/temp`, { requires_auth: true }), '/requires_auth');
      AdminClient.expectRefusal(await h.tenantA.patch(`${store}/servers/temp`, { code: 'other' }), '/code');
      expectStatus(await h.tenantA.delete(`${store}/servers/temp`), 204);
      expectStatus(await h.tenantA.get(`${store}/servers/temp`), 404);
    });
  });

  describe('access levels', () => {
    it('the most permissive rule matching any of the user\'s groups wins', async () => {
      // secret: `* eng allowed` beats `secret * none`; wiki for sales: `* sales approval` beats `wiki sales none`.
      expect(expectStatus(await install({ code: 'secret', principal_sub: 'eve', groups: ['ops', 'eng'] }), 200).status).to.equal('installed');
      expect(expectStatus(await install({ code: 'wiki', principal_sub: 'eve', groups: ['sales'] }), 200).requires_reason).to.equal(true);
    });

    it('reads back the rules as written', async () => {
      const access = expectStatus(await h.tenantA.get(`${store}/access`), 200);
      expect(access.rules).to.have.length(5);
      expect(access.rules[0]).to.deep.equal({ code: '*', group: 'eng', level: 'allowed' });
      AdminClient.expectRefusal(await h.tenantA.put(`${store}/access`, { rules: [{ code: '*', group: 'eng', level: 'maybe' }] }), '/rules/0/level');
    });
  });

  describe('spec 3.3: install outcomes', () => {
    it('allowed: installs at once', async () => {
      const answer = expectStatus(await install({ code: 'wiki', principal_sub: 'alice', groups: ['eng'] }), 200);
      expect(answer).to.include({ ...FLAGS_OFF, code: 'wiki', name: 'Wiki', status: 'installed' });
      const installs = expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=alice`), 200);
      expect(installs.items.map((i: { code: string; status: string }) => [i.code, i.status])).to.deep.equal([['wiki', 'installed']]);
      expect(installs.items[0].id).to.equal(answer.install_id);
    });

    it('outside the level but not none: records an approval request, pending, the reason kept for the approver', async () => {
      const answer = expectStatus(await install({ code: 'wiki', principal_sub: 'ivy', groups: ['interns'], reason: 'read the runbooks' }), 200);
      expect(answer).to.include({ ...FLAGS_OFF, pending: true, status: 'pending_approval' });
      const pending = expectStatus(await h.tenantA.get(`${store}/approvals?status=pending&principal_sub=ivy`), 200);
      expect(pending.items).to.have.length(1);
      expect(pending.items[0]).to.include({ id: answer.approval_id, code: 'wiki', reason: 'read the runbooks', status: 'pending', principal_sub: 'ivy' });
      expect(pending.items[0].groups).to.deep.equal(['interns']);
      expect(expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=ivy`), 200).total).to.equal(0);
      // Asking again answers the open request, not a second one.
      const again = expectStatus(await install({ code: 'wiki', principal_sub: 'ivy', groups: ['interns'] }), 200);
      expect(again).to.include({ pending: true, approval_id: answer.approval_id, requires_reason: false });
      expect(expectStatus(await h.tenantA.get(`${store}/approvals?principal_sub=ivy`), 200).total).to.equal(1);
    });

    it('a stale view asking for an install that needs approval, without a reason: requires_reason instead of a refusal, nothing recorded', async () => {
      // The caller last saw `allowed` (eng); the user's groups are now only `sales`, which needs approval.
      const answer = expectStatus(await install({ code: 'mail', principal_sub: 'sam', groups: ['sales'] }), 200);
      expect(answer).to.include({ ...FLAGS_OFF, requires_reason: true, status: 'not_installed' });
      expect(expectStatus(await h.tenantA.get(`${store}/approvals?principal_sub=sam`), 200).total).to.equal(0);
      expect(expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=sam`), 200).total).to.equal(0);
    });

    it('level none: 409 with the admin error body (an explicit none rule, or no rule at all)', async () => {
      for (const [code, groups] of [['secret', ['ops']], ['wiki', []], ['wiki', ['nobody']]] as const) {
        const refused = expectStatus(await install({ code, principal_sub: 'bob', groups }), 409);
        expect(refused.error, `${code} ${groups.join(',')}`).to.equal('store_access_none');
        expect(refused.message).to.contain('none');
      }
    });

    it('the level is evaluated live: a rule changed between two requests changes the outcome', async () => {
      const before = expectStatus(await install({ code: 'wiki', principal_sub: 'lea', groups: ['ops'] }), 409);
      expect(before.error).to.equal('store_access_none');
      const rules = expectStatus(await h.tenantA.get(`${store}/access`), 200).rules;
      expectStatus(await h.tenantA.put(`${store}/access`, { rules: [...rules, { code: 'wiki', group: 'ops', level: 'allowed' }] }), 200);
      expect(expectStatus(await install({ code: 'wiki', principal_sub: 'lea', groups: ['ops'] }), 200).status).to.equal('installed');
      expectStatus(await h.tenantA.put(`${store}/access`, { rules }), 200);
    });
  });

  describe('spec 2.3: every flag', () => {
    it('already_installed', async () => {
      const first = expectStatus(await install({ code: 'wiki', principal_sub: 'ann', groups: ['eng'] }), 200);
      const second = expectStatus(await install({ code: 'wiki', principal_sub: 'ann', groups: ['eng'] }), 200);
      expect(second).to.include({ ...FLAGS_OFF, already_installed: true, status: 'installed', install_id: first.install_id });
    });

    it('requires_instance_choice with instance_choices, then the chosen instance; a choice not offered is 422', async () => {
      const ask = expectStatus(await install({ code: 'tracker', principal_sub: 'ann', groups: ['eng'] }), 200);
      expect(ask).to.include({ ...FLAGS_OFF, requires_instance_choice: true, status: 'not_installed' });
      expect(ask.instance_choices).to.deep.equal([{ name: 'EU', registry_id: mcpA }, { name: 'US', registry_id: mcpB }]);
      AdminClient.expectRefusal(await install({ code: 'tracker', principal_sub: 'ann', groups: ['eng'], instance_id: llm }), '/instance_id');
      const done = expectStatus(await install({ code: 'tracker', principal_sub: 'ann', groups: ['eng'], instance_id: mcpB }), 200);
      expect(done).to.include({ status: 'installed', instance_id: mcpB, requires_instance_choice: false });
      const stored = expectStatus(await h.tenantA.get(`${store}/installs/${done.install_id}`), 200);
      expect(stored).to.include({ code: 'tracker', instance_id: mcpB, principal_sub: 'ann' });
    });

    it('requires_config; a config that breaks the server\'s schema is 422 naming the field; a valid one installs, sealed', async () => {
      expect(expectStatus(await install({ code: 'billing', principal_sub: 'ann', groups: ['eng'] }), 200)).to.include({ ...FLAGS_OFF, requires_config: true, status: 'not_installed' });
      AdminClient.expectRefusal(await install({ code: 'billing', principal_sub: 'ann', groups: ['eng'], config: { account: 'nope' } }), '/config/account');
      AdminClient.expectRefusal(await install({ code: 'billing', principal_sub: 'ann', groups: ['eng'], config: {} }), '/config/account');
      AdminClient.expectRefusal(await install({ code: 'wiki', principal_sub: 'zed', groups: ['eng'], config: { account: 'acct_1' } }), '/config');
      h.secrets.add('acct_secret_42');
      const done = expectStatus(await install({ code: 'billing', principal_sub: 'ann', groups: ['eng'], config: { account: 'acct_secret_42' } }), 200);
      expect(done).to.include({ status: 'installed', requires_config: false });
      const stored = expectStatus(await h.tenantA.get(`${store}/installs/${done.install_id}`), 200);
      expect(stored.has_config).to.equal(true);
    });

    it('config patterns run on the linear-time engine: a look-around pattern is refused on save, a catastrophic one answers at once', async () => {
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, {
        code: 'lookahead', name: 'L', base_url: 'http://127.0.0.1:9/mcp', requires_config: true,
        config_schema: { type: 'object', properties: { a: { type: 'string', pattern: '^(?=x)' } } },
      }), '/config_schema');
      await server({
        code: 'nested', name: 'Nested', base_url: 'http://127.0.0.1:9/nested/mcp', requires_config: true,
        config_schema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } },
      });
      // On a backtracking engine this input takes minutes; the linear engine answers at once.
      AdminClient.expectRefusal(await install({ code: 'nested', principal_sub: 'ann', groups: ['eng'], config: { a: `${'a'.repeat(40)}!` } }), '/config/a');
    });

    it('requires_auth: installed, and the user must still sign in to the server', async () => {
      expect(expectStatus(await install({ code: 'mail', principal_sub: 'ann', groups: ['eng'] }), 200)).to.include({ ...FLAGS_OFF, requires_auth: true, status: 'installed' });
    });

    it('requires_admin_setup: nothing installed until an admin finishes the setup', async () => {
      expect(expectStatus(await install({ code: 'erp', principal_sub: 'ann', groups: ['eng'] }), 200)).to.include({ ...FLAGS_OFF, requires_admin_setup: true, status: 'not_installed' });
      expect(expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=ann`), 200).items.map((i: { code: string }) => i.code)).to.not.include('erp');
      expectStatus(await h.tenantA.patch(`${store}/servers/erp`, { requires_admin_setup: false }), 200);
      expect(expectStatus(await install({ code: 'erp', principal_sub: 'ann', groups: ['eng'] }), 200).status).to.equal('installed');
    });
    it('requires_admin_setup when every instance\'s registry was deleted; a deleted one is no longer offered', async () => {
      const gone = (await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'tracker-old', base_url: 'http://127.0.0.1:9/mcp' }))._id;
      await server({ code: 'legacy', name: 'Legacy', instances: [{ name: 'Old', registry_id: gone }] });
      await server({ code: 'tracker3', name: 'Tracker 3', instances: [{ name: 'Old', registry_id: gone }, { name: 'EU', registry_id: mcpA }, { name: 'US', registry_id: mcpB }] });
      expectStatus(await h.tenantA.delete(`/v1/gateways/${gatewayId}/registries/${gone}`), 204);
      expect(expectStatus(await install({ code: 'legacy', principal_sub: 'ann', groups: ['eng'] }), 200)).to.include({ ...FLAGS_OFF, requires_admin_setup: true, status: 'not_installed' });
      const ask = expectStatus(await install({ code: 'tracker3', principal_sub: 'ann', groups: ['eng'] }), 200);
      expect(ask.instance_choices.map((c: { name: string }) => c.name)).to.deep.equal(['EU', 'US']);
      AdminClient.expectRefusal(await install({ code: 'tracker3', principal_sub: 'ann', groups: ['eng'], instance_id: gone }), '/instance_id');
    });
  });

  describe('approvals', () => {
    it('approve installs for the requester, as asked (instance kept); a decided request cannot be decided again (409)', async () => {
      const asked = expectStatus(await install({ code: 'tracker', principal_sub: 'sue', groups: ['sales'], instance_id: mcpA, reason: 'EU customers' }), 200);
      expect(asked).to.include({ pending: true, instance_id: mcpA });
      const approved = expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/approve`), 200);
      expect(approved).to.include({ status: 'approved', reason: 'EU customers', decided_by: 'test-tenant-a' });
      const installs = expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=sue`), 200).items;
      expect(installs.map((i: { code: string; instance_id: string; approval_id: string }) => [i.code, i.instance_id, i.approval_id])).to.deep.equal([['tracker', mcpA, asked.approval_id]]);
      expect(approved.install_id).to.equal(installs[0].id);
      expect(expectStatus(await install({ code: 'tracker', principal_sub: 'sue', groups: ['sales'] }), 200)).to.include({ already_installed: true, status: 'installed' });
      expect(expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/deny`, { reason: 'late' }), 409).error).to.equal('conflict');
      expect(expectStatus(await h.tenantA.get(`${store}/approvals?status=pending&principal_sub=sue`), 200).total).to.equal(0);
    });

    it('taking an instance off a server uninstalls it for whoever chose it, and an approval asking for it cannot be approved (409)', async () => {
      await server({ code: 'tracker2', name: 'Tracker 2', instances: [{ name: 'EU', registry_id: mcpA }, { name: 'US', registry_id: mcpB }] });
      const eu = expectStatus(await install({ code: 'tracker2', principal_sub: 'tia', groups: ['eng'], instance_id: mcpA }), 200);
      const us = expectStatus(await install({ code: 'tracker2', principal_sub: 'tom', groups: ['eng'], instance_id: mcpB }), 200);
      const asked = expectStatus(await install({ code: 'tracker2', principal_sub: 'tess', groups: ['sales'], instance_id: mcpA, reason: 'EU' }), 200);
      expectStatus(await h.tenantA.patch(`${store}/servers/tracker2`, { instances: [{ name: 'US', registry_id: mcpB }] }), 200);
      expectStatus(await h.tenantA.get(`${store}/installs/${eu.install_id}`), 404);
      expectStatus(await h.tenantA.get(`${store}/installs/${us.install_id}`), 200);
      expect(expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/approve`), 409).message).to.contain('no longer offered');
    });

    it('deny records why, shows it on the request, installs nothing; a new request may follow', async () => {
      const asked = expectStatus(await install({ code: 'mail', principal_sub: 'sid', groups: ['sales'], reason: 'inbox triage' }), 200);
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/deny`, {}), '/reason');
      const denied = expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/deny`, { reason: 'use the shared mailbox' }), 200);
      expect(denied).to.include({ status: 'denied', deny_reason: 'use the shared mailbox', reason: 'inbox triage' });
      const listed = expectStatus(await h.tenantA.get(`${store}/approvals?status=denied&principal_sub=sid`), 200).items;
      expect(listed.map((a: { deny_reason: string }) => a.deny_reason)).to.deep.equal(['use the shared mailbox']);
      expect(expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=sid`), 200).total).to.equal(0);
      expect(expectStatus(await h.tenantA.post(`${store}/approvals/${asked.approval_id}/approve`), 409).error).to.equal('conflict');
      expect(expectStatus(await install({ code: 'mail', principal_sub: 'sid', groups: ['sales'], reason: 'again' }), 200)).to.include({ pending: true });
    });

    it('refuses an unknown approval (404) and a bad status filter (422)', async () => {
      expect(expectStatus(await h.tenantA.post(`${store}/approvals/00000000-0000-4000-8000-000000000000/approve`), 404).error).to.equal('not_found');
      AdminClient.expectRefusal(await h.tenantA.get(`${store}/approvals?status=maybe`), '/status');
    });
  });

  describe('uninstall and errors', () => {
    it('uninstalls by id; the install is gone and the user may install again', async () => {
      const done = expectStatus(await install({ code: 'wiki', principal_sub: 'uma', groups: ['eng'] }), 200);
      expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 204);
      expectStatus(await h.tenantA.get(`${store}/installs/${done.install_id}`), 404);
      expectStatus(await h.tenantA.delete(`${store}/installs/${done.install_id}`), 404);
      expect(expectStatus(await install({ code: 'wiki', principal_sub: 'uma', groups: ['eng'] }), 200)).to.include({ status: 'installed', already_installed: false });
    });

    it('401 without a credential, 404 for an unknown gateway or server code, 422 naming the field, 400 for malformed JSON', async () => {
      const anonymous = expectStatus(await h.anonymous.post(`${store}/principal/installs`, { code: 'wiki', principal_sub: 'x' }), 401);
      expect(anonymous.error).to.equal('unauthorized');
      const noGateway = expectStatus(await h.tenantA.post('/v1/gateways/00000000-0000-4000-8000-000000000000/store/principal/installs', { code: 'wiki', principal_sub: 'x' }), 404);
      expect(noGateway).to.have.keys('error', 'message');
      expect(noGateway.error).to.equal('not_found');
      // Another tenant's gateway is not found either.
      expect(expectStatus(await h.tenantB.post(`${store}/principal/installs`, { code: 'wiki', principal_sub: 'x', groups: ['eng'] }), 404).error).to.equal('not_found');
      const noServer = expectStatus(await install({ code: 'nothing', principal_sub: 'x', groups: ['eng'] }), 404);
      expect(noServer.message).to.contain('nothing');
      AdminClient.expectRefusal(await install({ code: 'wiki', groups: ['eng'] }), '/principal_sub');
      AdminClient.expectRefusal(await install({ principal_sub: 'x' }), '/code');
      AdminClient.expectRefusal(await install({ code: 'wiki', principal_sub: 'x', groups: 'eng' }), '/groups');
      AdminClient.expectRefusal(await install({ code: 'wiki', principal_sub: 'x', instance: 'eu' }), '/instance');
      const malformed = expectStatus(await h.tenantA.request('POST', `${store}/principal/installs`, undefined, { raw: '{"code": ' }), 400);
      expect(malformed.error).to.equal('invalid_json');
    });

    it('a machine credential may run the installer', async () => {
      const credential = expectStatus(await h.tenantA.post('/v1/machine-credentials', { name: 'store bot', roles: ['tenant_admin'] }), 201);
      h.secrets.add(credential.client_secret);
      const token = expectStatus(await h.anonymous.post('/v1/auth/token', { grant_type: 'client_credentials', client_id: credential.client_id, client_secret: credential.client_secret }), 200);
      const answer = expectStatus(await h.tenantA.as(token.access_token).post(`${store}/principal/installs`, { code: 'wiki', principal_sub: 'mo', groups: ['eng'] }), 200);
      expect(answer.status).to.equal('installed');
    });
  });

  it('deleting a gateway deletes its Store (servers, rules, installs, approvals) in the same batch', async () => {
    const other = (await h.newGateway()).id;
    const otherStore = `/v1/gateways/${other}/store`;
    expectStatus(await h.tenantA.post(`${otherStore}/servers`, { code: 'wiki', name: 'Wiki', base_url: 'http://127.0.0.1:9/mcp' }), 201);
    expectStatus(await h.tenantA.put(`${otherStore}/access`, { rules: [{ code: '*', group: '*', level: 'approval' }] }), 200);
    expectStatus(await h.tenantA.post(`${otherStore}/principal/installs`, { code: 'wiki', principal_sub: 'x', reason: 'r' }), 200);
    expectStatus(await h.tenantA.put(`${otherStore}/access`, { rules: [{ code: '*', group: '*', level: 'allowed' }] }), 200);
    expectStatus(await h.tenantA.post(`${otherStore}/principal/installs`, { code: 'wiki', principal_sub: 'y' }), 200);
    expectStatus(await h.tenantA.delete(`/v1/gateways/${other}`), 204);
    for (const collection of Object.values(STORE_COLLECTIONS)) {
      expect(await h.gateway.store!.collection(collection).count({ gateway_id: other }), collection).to.equal(0);
    }
  });

  describe('deleting a registry', () => {
    it('deleting a registry takes it off Store servers\' instances and deletes the installs bound to it, in the same batch', async () => {
      const doomed = (await h.gateway.seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'tracker-doomed', base_url: 'http://127.0.0.1:9/mcp' }))._id;
      await h.gateway.configChanged();
      await server({ code: 'tracker4', name: 'Tracker 4', instances: [{ name: 'Doomed', registry_id: doomed }, { name: 'EU', registry_id: mcpA }] });
      await server({ code: 'doomed', name: 'Doomed only', instances: [{ name: 'Doomed', registry_id: doomed }] });
      const onDoomed = expectStatus(await install({ code: 'tracker4', principal_sub: 'dora', groups: ['eng'], instance_id: doomed }), 200);
      const onEu = expectStatus(await install({ code: 'tracker4', principal_sub: 'eve', groups: ['eng'], instance_id: mcpA }), 200);
      expectStatus(await install({ code: 'doomed', principal_sub: 'dora', groups: ['eng'] }), 200);
      expectStatus(await h.tenantA.delete(`/v1/gateways/${gatewayId}/registries/${doomed}`), 204);
      const tracker4 = expectStatus(await h.tenantA.get(`${store}/servers/tracker4`), 200);
      expect(tracker4.instances).to.deep.equal([{ name: 'EU', registry_id: mcpA }]);
      expect(expectStatus(await h.tenantA.get(`${store}/servers/doomed`), 200).instances).to.deep.equal([]);
      expect(expectStatus(await h.tenantA.get(`${store}/installs/${onDoomed.install_id}`), 404).error).to.equal('not_found');
      expectStatus(await h.tenantA.get(`${store}/installs/${onEu.install_id}`), 200);
      expect(await h.gateway.store!.collection(STORE_COLLECTIONS.installs).count({ gateway_id: gatewayId, instance_id: doomed })).to.equal(0);
      // A server left with no instance (and no base_url) needs an admin again; the user may reinstall elsewhere.
      expect(expectStatus(await install({ code: 'doomed', principal_sub: 'dora', groups: ['eng'] }), 200)).to.include({ ...FLAGS_OFF, requires_admin_setup: true, status: 'not_installed' });
      expect(expectStatus(await install({ code: 'tracker4', principal_sub: 'dora', groups: ['eng'] }), 200)).to.include({ status: 'installed', instance_id: mcpA });
    });
  });

  describe('concurrency', () => {
    it('concurrent installs of one server for one user make one install; the others answer already_installed', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => install({ code: 'wiki', principal_sub: 'twin', groups: ['eng'] })));
      const bodies = answers.map((r) => expectStatus(r, 200));
      expect(bodies.filter((b) => !b.already_installed)).to.have.length(1);
      expect(new Set(bodies.map((b) => b.install_id)).size).to.equal(1);
      expect(expectStatus(await h.tenantA.get(`${store}/installs?principal_sub=twin`), 200).total).to.equal(1);
    });

    it('the store itself refuses a second install of one server for one user (a unique key)', async () => {
      const [existing] = await h.gateway.store!.collection(STORE_COLLECTIONS.installs).find({ gateway_id: gatewayId, principal_sub: 'twin' });
      const copy = { ...existing, _id: '00000000-0000-4000-8000-0000000000aa' };
      const err = await h.gateway.store!.collection(STORE_COLLECTIONS.installs).insertOne(copy).then(() => undefined, (e: unknown) => e);
      expect(err).to.be.instanceOf(StoreError);
      expect((err as StoreError).code).to.equal('duplicate_key');
    });

    it('concurrent approval requests make one request', async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, () => install({ code: 'wiki', principal_sub: 'quad', groups: ['interns'], reason: 'docs' })));
      expect(new Set(answers.map((r) => expectStatus(r, 200).approval_id)).size).to.equal(1);
      expect(expectStatus(await h.tenantA.get(`${store}/approvals?principal_sub=quad`), 200).total).to.equal(1);
    });
  });
});
