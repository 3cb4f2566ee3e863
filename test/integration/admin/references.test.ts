/**
 * References to records that do not exist are refused when written, on create and on PATCH,
 * with 422 `validation_failed` naming the field, and nothing of the refused write is stored:
 * vault credentials (registry auth, the guardrails policy's collector key), registries
 * (consumer associations and model policies, role registries and tool sets, the semantic
 * cache's embedding registry), and the model references of fallback chains, pools and smart
 * routing tiers (`@registry-slug/model` must name a registry of the gateway or a catalog
 * provider; `pool:{name}` a pool of the consumer). The idempotent PUT attachments answer 404
 * for a missing target, as before.
 */
import { expect } from 'chai';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const MISSING = '00000000-0000-4000-8000-000000000000';

const refused = AdminClient.expectRefusal;

describe('admin: references to records that do not exist', () => {
  let h: AdminHarness;
  let g: string;
  let registry: { id: string; slug: string };
  let mcp: { id: string };
  let credential: { id: string };
  let consumer: { id: string };

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
    registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', slug: 'openai-main' }), 201);
    mcp = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'tools', base_url: 'https://mcp.example/mcp' }), 201);
    credential = ok(await h.tenantA.post(`${g}/vault-credentials`, { name: 'upstream', secret: 'sk-vault-secret-for-references-0123' }), 201);
    consumer = ok(await h.tenantA.post(`${g}/consumers`, {
      slug: 'app', registries: [{ registry_id: registry.id }], pools: [{ name: 'fast', targets: ['@openai-main/gpt-4o-mini'] }],
    }), 201);
  });
  after(async () => {
    await h?.close();
  });

  describe('registries', () => {
    it('refuses a vault credential that does not exist, on create and on PATCH', async () => {
      refused(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', slug: 'r-missing', auth: { credential_id: MISSING } }), '/auth/credential_id');
      refused(await h.tenantA.patch(`${g}/registries/${registry.id}`, { auth: { credential_id: MISSING } }), '/auth/credential_id');
      expect(ok(await h.tenantA.get(`${g}/registries/${registry.id}`), 200).auth?.credential_id).to.equal(undefined);
      ok(await h.tenantA.patch(`${g}/registries/${registry.id}`, { auth: { credential_id: credential.id } }), 200);
    });
  });

  describe('consumers', () => {
    it('refuses unknown registries in associations and model policies, on create and on PATCH', async () => {
      refused(await h.tenantA.post(`${g}/consumers`, { slug: 'c1', registries: [{ registry_id: MISSING }] }), '/registries/0/registry_id');
      refused(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { registries: [{ registry_id: MISSING }] }), '/registries/0/registry_id');
      refused(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { model_policies: [{ registry_id: MISSING, allow: ['gpt-4o'] }] }), '/model_policies/0/registry_id');
    });

    it('refuses fallback targets naming a registry that does not exist, on create and on PATCH', async () => {
      refused(await h.tenantA.post(`${g}/consumers`, { slug: 'c2', fallback: { targets: ['gpt-4o', '@no-such-registry/gpt-4o'] } }), '/fallback/targets/1');
      refused(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { fallback: { targets: ['@no-such-registry/gpt-4o'] } }), '/fallback/targets/0');
      expect(ok(await h.tenantA.get(`${g}/consumers/${consumer.id}`), 200).fallback).to.equal(undefined);
    });

    it('refuses pool targets and smart routing tiers naming a registry that does not exist', async () => {
      refused(await h.tenantA.post(`${g}/consumers`, { slug: 'c3', pools: [{ name: 'p', targets: ['@openai-main/gpt-4o', '@ghost/gpt-4o'] }] }), '/pools/0/targets/1');
      refused(
        await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { load_balancing: { strategy: 'smart', tiers: { simple: '@ghost/gpt-4o-mini', hard: '@openai-main/gpt-4o' } } }),
        '/load_balancing/tiers/simple',
      );
    });

    it('refuses a pool reference naming no pool of the consumer', async () => {
      refused(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { fallback: { targets: ['pool:missing'] } }), '/fallback/targets/0');
      refused(await h.tenantA.post(`${g}/consumers`, { slug: 'c4', fallback: { targets: ['pool:fast'] } }), '/fallback/targets/0');
    });

    it('accepts references to a registry slug of the gateway, a catalog provider, a native model and an existing pool', async () => {
      const updated = ok(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { fallback: { targets: ['@openai-main/gpt-4o', '@anthropic/claude-sonnet-4', 'gpt-4o-mini', 'pool:fast'] } }), 200);
      expect(updated.fallback.targets).to.have.length(4);
      ok(await h.tenantA.post(`${g}/consumers`, { slug: 'c5', pools: [{ name: 'own', targets: ['@openai-main/gpt-4o'] }], fallback: { targets: ['pool:own'] } }), 201);
    });

    it('keeps answering 404 when a PUT attachment names a target that does not exist', async () => {
      for (const kind of ['auths', 'policies', 'registries', 'roles']) {
        expect((await h.tenantA.put(`${g}/consumers/${consumer.id}/${kind}/${MISSING}`)).status, kind).to.equal(404);
      }
    });
  });

  describe('roles', () => {
    it('refuses unknown registries and tool-set registries, on create and on PATCH', async () => {
      refused(await h.tenantA.post(`${g}/roles`, { name: 'r1', registries: [MISSING] }), '/registries/0');
      refused(await h.tenantA.post(`${g}/roles`, { name: 'r2', tool_sets: [{ registry_id: MISSING, tools: ['x'] }] }), '/tool_sets/0/registry_id');
      const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'r3', registries: [registry.id] }), 201);
      refused(await h.tenantA.patch(`${g}/roles/${role.id}`, { registries: [MISSING] }), '/registries/0');
      refused(await h.tenantA.patch(`${g}/roles/${role.id}`, { model_policies: [{ registry_id: mcp.id, allow: ['x'] }] }), '/model_policies/0/registry_id');
      expect((await h.tenantA.put(`${g}/roles/${role.id}/registries/${MISSING}`)).status).to.equal(404);
    });
  });

  describe('policies', () => {
    it("refuses a semantic cache naming an embedding registry that does not exist, on create and on PATCH", async () => {
      const semantic = (registryRef: string) => ({ type: 'cache', name: `cache ${registryRef}`, settings: { ttl_seconds: 60, semantic: { registry: registryRef, model: 'text-embedding-3-small', threshold: 0.9 } } });
      refused(await h.tenantA.post(`${g}/policies`, semantic('no-such-registry')), '/settings/semantic/registry');
      const policy = ok(await h.tenantA.post(`${g}/policies`, semantic('openai-main')), 201);
      refused(await h.tenantA.patch(`${g}/policies/${policy.id}`, { settings: semantic(MISSING).settings }), '/settings/semantic/registry');
      expect(ok(await h.tenantA.get(`${g}/policies/${policy.id}`), 200).settings.semantic.registry).to.equal('openai-main');
      ok(await h.tenantA.post(`${g}/policies`, semantic(registry.id)), 201);
    });

    it("refuses a guardrails policy whose collector key names a vault credential that does not exist", async () => {
      const guardrails = (credentialId: string) => ({ type: 'guardrails', name: `guard ${credentialId}`, settings: { key: { credential_id: credentialId } } });
      refused(await h.tenantA.post(`${g}/policies`, guardrails(MISSING)), '/settings/key/credential_id');
      const policy = ok(await h.tenantA.post(`${g}/policies`, guardrails(credential.id)), 201);
      refused(await h.tenantA.patch(`${g}/policies/${policy.id}`, { settings: { key: { credential_id: MISSING } } }), '/settings/key/credential_id');
    });
  });
});
