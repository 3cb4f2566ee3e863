/**
 * Management paths of the guardrail service (API.md): catalogs, collectors CRUD, `tgk_` keys
 * (shown once, stored hashed, listed by prefix and last four), guardrail policies checked when
 * written (422 naming the field), admin tokens and tenant isolation.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { hashKey } from '../../../core/security/api-keys.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { GUARDRAIL_COLLECTIONS } from '../../../core/guardrail/config/records.js';
import { validatorFor } from '../../../core/schema/ajv.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

const schema = (name: string) => validatorFor(`https://portcullis.dev/schemas/${name}.schema.json`);

describe('guardrail management: catalogs, collectors, keys and policies', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
  });
  after(async () => gateway?.close());

  describe('catalogs', () => {
    it('lists the nineteen collector types in the five groups of spec 1.2', async () => {
      const res = await client.admin('GET', '/v1/catalog/collectors');
      expect(res.status).to.equal(200);
      expect(res.body.total).to.equal(19);
      expect(res.body.groups.map((g: { id: string }) => g.id)).to.deep.equal(['gateway', 'assistants', 'application', 'agent_frameworks', 'agent_platforms']);
      const ids = res.body.groups.flatMap((g: { types: Array<{ id: string }> }) => g.types.map((t) => t.id));
      expect(ids).to.have.length(19);
      expect(new Set(ids).size).to.equal(19);
      for (const id of ids) expect(id).to.match(/^[a-z][a-z0-9_]*$/);
      expect(ids).to.include.members(['claude_code', 'langchain', 'rest_api', 'portcullis', 'claude']);
      for (const group of res.body.groups) expect(group.types.length, group.id).to.be.greaterThan(0);
      expect(schema('api/guardrail/catalog-collectors')(res.body), JSON.stringify(schema('api/guardrail/catalog-collectors').errors)).to.equal(true);
      expect(res.headers.get('x-request-id')).to.be.a('string');
    });

    it('lists each detector with its settings JSON Schema and what actions it allows', async () => {
      const res = await client.admin('GET', '/v1/catalog/detectors');
      expect(res.status).to.equal(200);
      const byId = Object.fromEntries(res.body.items.map((d: { id: string }) => [d.id, d]));
      for (const id of ['prompt_guard', 'toxicity', 'topic_keyword_moderation', 'url_analyzer', 'doc_analyzer', 'data_loss_prevention', 'indirect_prompt_injection']) {
        expect(byId[id], id).to.exist;
        expect(byId[id].settings_schema.$id).to.equal(`https://portcullis.dev/schemas/plugins/${id}.schema.json`);
        expect(byId[id].settings_schema.type).to.equal('object');
      }
      expect(byId.data_loss_prevention).to.include({ can_transform: true });
      expect(byId.data_loss_prevention.actions).to.deep.equal(['monitor', 'block', 'transform']);
      expect(byId.toxicity).to.include({ can_transform: false });
      expect(byId.toxicity.actions).to.deep.equal(['monitor', 'block']);
      expect(schema('api/guardrail/catalog-detectors')(res.body)).to.equal(true);
    });

    it('refuses management paths without an admin token (401) and with a collector key (401)', async () => {
      const { key } = await client.collectorWithKey();
      for (const path of ['/v1/catalog/collectors', '/v1/collectors', '/v1/policies', '/v1/activity']) {
        expect((await client.raw('GET', path)).status, path).to.equal(401);
        const withKey = await client.raw('GET', path, { headers: { authorization: `Bearer ${key}` } });
        expect(withKey.status, path).to.equal(401);
        expect(withKey.body.request_id).to.be.a('string');
      }
    });
  });

  describe('collectors', () => {
    it('creates, lists, reads, updates and deletes a collector', async () => {
      const created = await client.admin('POST', '/v1/collectors', { name: 'support bot', type: 'langchain', description: 'middleware' });
      expect(created.status).to.equal(201);
      expect(schema('records/guardrail-collector')(structuredClone(created.body)), JSON.stringify(created.body)).to.equal(true);
      expect(created.body).to.include({ name: 'support bot', type: 'langchain', tenant_id: 't-1' });
      const id = created.body.id;
      const list = await client.admin('GET', '/v1/collectors?size=100');
      expect(list.body.items.map((c: { id: string }) => c.id)).to.include(id);
      expect(list.body).to.include.keys('page', 'size', 'total');
      expect((await client.admin('GET', `/v1/collectors/${id}`)).body.name).to.equal('support bot');
      const patched = await client.admin('PATCH', `/v1/collectors/${id}`, { name: 'support bot (prod)', type: 'langgraph' });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.include({ name: 'support bot (prod)', type: 'langgraph' });
      expect((await client.admin('DELETE', `/v1/collectors/${id}`)).status).to.equal(204);
      expect((await client.admin('GET', `/v1/collectors/${id}`)).status).to.equal(404);
    });

    it('refuses an unknown type, a missing name and unknown fields (422 naming the field)', async () => {
      const unknownType = await client.admin('POST', '/v1/collectors', { name: 'x', type: 'not_a_collector' });
      expect(unknownType.status).to.equal(422);
      expect(unknownType.body.message).to.contain('/type');
      const noName = await client.admin('POST', '/v1/collectors', { type: 'rest_api' });
      expect(noName.status).to.equal(422);
      expect(noName.body.message).to.contain('/name');
      const extra = await client.admin('POST', '/v1/collectors', { name: 'x', type: 'rest_api', color: 'red' });
      expect(extra.status).to.equal(422);
      expect(extra.body.message).to.contain('/color');
      expect(extra.body.request_id).to.be.a('string');
    });

    it('deleting a collector revokes its keys and removes it from the policies that guard it', async () => {
      const { collectorId, key } = await client.collectorWithKey();
      const policy = await client.policy({ collectors: [collectorId], rules: [keywordRule('omega')] });
      await client.admin('DELETE', `/v1/collectors/${collectorId}`);
      expect((await client.evaluate(key, { direction: 'input', payload: { input: 'omega' } })).status).to.equal(401);
      expect((await client.admin('GET', `/v1/policies/${policy.id}`)).body.collectors).to.deep.equal([]);
      expect(await gateway.store!.collection(GUARDRAIL_COLLECTIONS.collectorKeys).count({ collector_id: collectorId })).to.equal(0);
    });
  });

  describe('keys', () => {
    it('shows a tgk_ key once, stores only its hash, lists it by prefix and last four', async () => {
      const { collectorId } = await client.collectorWithKey();
      const created = await client.admin('POST', `/v1/collectors/${collectorId}/keys`, { name: 'prod', expires_at: '2099-01-01T00:00:00Z' });
      expect(created.status).to.equal(201);
      const key: string = created.body.key;
      expect(key).to.match(/^tgk_[A-Za-z0-9_-]{43}$/);
      expect(created.body).to.include({ key_prefix: key.slice(0, 8), key_last4: key.slice(-4), active: true, expires_at: '2099-01-01T00:00:00Z', collector_id: collectorId });
      const listed = await client.admin('GET', `/v1/collectors/${collectorId}/keys`);
      const entry = listed.body.items.find((k: { id: string }) => k.id === created.body.id);
      expect(entry).to.include({ key_prefix: key.slice(0, 8), key_last4: key.slice(-4) });
      expect(entry).to.not.have.property('key');
      expect(entry).to.not.have.property('key_hash');
      expect(schema('records/guardrail-collector-key')(structuredClone(entry)), JSON.stringify(entry)).to.equal(true);
      const stored = await gateway.store!.collection(GUARDRAIL_COLLECTIONS.collectorKeys).findOne({ _id: created.body.id });
      expect(stored!.key_hash).to.equal(hashKey(key));
      expect(JSON.stringify(stored)).to.not.contain(key);
    });

    it('keys of another collector are not found under this one', async () => {
      const a = await client.collectorWithKey();
      const b = await client.collectorWithKey();
      expect((await client.admin('PATCH', `/v1/collectors/${a.collectorId}/keys/${b.keyId}`, { active: false })).status).to.equal(404);
      expect((await client.admin('DELETE', `/v1/collectors/${a.collectorId}/keys/${b.keyId}`)).status).to.equal(404);
    });

    it('refuses an empty PATCH and a malformed expiry (422)', async () => {
      const { collectorId, keyId } = await client.collectorWithKey();
      expect((await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, {})).status).to.equal(422);
      const bad = await client.admin('PATCH', `/v1/collectors/${collectorId}/keys/${keyId}`, { expires_at: 'tomorrow' });
      expect(bad.status).to.equal(422);
      expect(bad.body.message).to.contain('/expires_at');
    });
  });

  describe('policies', () => {
    let collectorId: string;
    before(async () => {
      collectorId = (await client.collectorWithKey()).collectorId;
    });

    it('creates a policy with defaults and answers the API.md shape', async () => {
      const created = await client.policy({ collectors: [collectorId], rules: [maskRule()] });
      expect(created).to.include({ mode: 'enforce', enabled: true, priority: 100, fail_mode: 'closed', tenant_id: 't-1' });
      expect(created.gates).to.deep.equal([]);
      expect(created.overrides).to.deep.equal([]);
      expect(schema('records/guardrail-policy')(structuredClone(created)), JSON.stringify(created)).to.equal(true);
      const listed = await client.admin('GET', '/v1/policies?size=100');
      expect(listed.body.items.map((p: { id: string }) => p.id)).to.include(created.id);
    });

    const refused = async (fields: Record<string, unknown>, pointer: string | RegExp) => {
      const res = await client.admin('POST', '/v1/policies', { name: 'bad', collectors: [collectorId], ...fields });
      expect(res.status, JSON.stringify(res.body)).to.equal(422);
      expect(res.body.error).to.equal('validation_failed');
      if (typeof pointer === 'string') expect(res.body.message).to.contain(pointer);
      else expect(res.body.message).to.match(pointer);
      return res;
    };

    it('refuses an ask action on a detector rule', async () => {
      const res = await refused({ rules: [{ detector: 'toxicity', direction: 'input', action: 'ask' }] }, '/rules/0/action');
      expect(res.body.message).to.contain('only a gate');
    });

    it('refuses a transform on any detector but data_loss_prevention', async () => {
      for (const detector of ['toxicity', 'prompt_guard', 'topic_keyword_moderation', 'url_analyzer']) {
        await refused({ rules: [maskRule(), { detector, direction: 'input', action: 'transform' }] }, '/rules/1/action');
      }
    });

    it('refuses detector settings the detector\'s schema refuses, naming the field', async () => {
      await refused({ rules: [{ detector: 'topic_keyword_moderation', direction: 'input', action: 'block', settings: { keywords: 'project-x' } }] }, '/rules/0/settings/keywords');
      await refused({ rules: [{ detector: 'data_loss_prevention', direction: 'input', action: 'block', settings: { nonsense: true } }] }, '/rules/0/settings/nonsense');
    });

    it('refuses unknown detectors, bad directions and thresholds', async () => {
      await refused({ rules: [{ detector: 'mind_reader', direction: 'input', action: 'block' }] }, '/rules/0/detector');
      await refused({ rules: [{ detector: 'toxicity', direction: 'sideways', action: 'block' }] }, '/rules/0/direction');
      await refused({ rules: [{ detector: 'toxicity', direction: 'input', action: 'block', threshold: 1.5 }] }, '/rules/0/threshold');
    });

    it('refuses gates whose op, value or regular expression do not fit', async () => {
      await refused({ gates: [{ name: 'g', when: [{ field: 'tool.name', op: 'like', value: 'x' }], action: 'block' }] }, '/gates/0/when/0/op');
      await refused({ gates: [{ name: 'g', when: [{ field: 'tool.name', op: 'in', value: 'shell' }], action: 'block' }] }, '/gates/0/when/0/value');
      await refused({ gates: [{ name: 'g', when: [{ field: 'tool.name', op: 'matches', value: '([' }], action: 'block' }] }, '/gates/0/when/0/value');
      await refused({ gates: [{ name: 'g', when: [{ field: 'tool.name', op: 'eq', value: 'x' }], action: 'transform' }] }, '/gates/0/action');
      await refused({ gates: [{ name: 'g', when: [], action: 'block' }] }, '/gates/0/when');
    });

    it('refuses duplicate consumer overrides and unknown disabled detectors', async () => {
      await refused({ overrides: [{ consumer_id: 'a' }, { consumer_id: 'a', mode: 'observe' }] }, '/overrides/1/consumer_id');
      await refused({ overrides: [{ consumer_id: 'a', disabled_detectors: ['nope'] }] }, '/overrides/0/disabled_detectors/0');
    });

    it('refuses collectors that do not exist or belong to another tenant', async () => {
      await refused({ collectors: ['5f0c3f52-2f7e-4d55-9a0e-0e2f4f6bd1a1'] }, '/collectors/0');
      const other = await GuardrailClient.for(gateway, 't-2');
      const foreign = await other.collectorWithKey();
      await refused({ collectors: [collectorId, foreign.collectorId] }, '/collectors/1');
    });

    it('PATCH replaces the named fields, checks the result and leaves the policy whole when refused', async () => {
      const created = await client.policy({ collectors: [collectorId], rules: [keywordRule('omega')] });
      const bad = await client.admin('PATCH', `/v1/policies/${created.id}`, { rules: [{ detector: 'toxicity', direction: 'input', action: 'transform' }] });
      expect(bad.status).to.equal(422);
      const unchanged = await client.admin('GET', `/v1/policies/${created.id}`);
      expect(unchanged.body.rules).to.deep.equal(created.rules);
      const good = await client.admin('PATCH', `/v1/policies/${created.id}`, { priority: 7, gates: [{ name: 'g', when: [{ field: 'protocol', op: 'eq', value: 'llm' }], action: 'report' }] });
      expect(good.status).to.equal(200);
      expect(good.body).to.include({ priority: 7 });
      expect(good.body.rules).to.deep.equal(created.rules);
      expect(good.body.gates).to.have.length(1);
      expect((await client.admin('PATCH', `/v1/policies/${created.id}`, { tenant_id: 't-9' })).status).to.equal(422);
    });
  });

  describe('tenants', () => {
    it('a tenant admin sees only its own collectors and policies; others are 404', async () => {
      const mine = await client.collectorWithKey();
      const policy = await client.policy({ collectors: [mine.collectorId] });
      const other = await GuardrailClient.for(gateway, 't-2');
      expect((await other.admin('GET', `/v1/collectors/${mine.collectorId}`)).status).to.equal(404);
      expect((await other.admin('GET', `/v1/policies/${policy.id}`)).status).to.equal(404);
      expect((await other.admin('DELETE', `/v1/collectors/${mine.collectorId}`)).status).to.equal(404);
      expect((await other.admin('GET', `/v1/collectors/${mine.collectorId}/keys`)).status).to.equal(404);
      const list = await other.admin('GET', '/v1/collectors?size=100');
      expect(list.body.items.map((c: { tenant_id: string }) => c.tenant_id)).to.not.include('t-1');
    });

    it('a tenant admin cannot create for another tenant; a platform admin can', async () => {
      const refusedCreate = await client.admin('POST', '/v1/collectors', { name: 'x', type: 'rest_api', tenant_id: 't-2' });
      expect(refusedCreate.status).to.equal(422);
      const platformToken = await mintAdminToken(gateway.jwtSecret, { sub: 'root', roles: ['platform_admin'] });
      const res = await fetch(`${gateway.urls.guardrail}/v1/collectors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${platformToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', type: 'rest_api', tenant_id: 't-3' }),
      });
      expect(res.status).to.equal(201);
      expect(((await res.json()) as { tenant_id: string }).tenant_id).to.equal('t-3');
    });
  });
});
