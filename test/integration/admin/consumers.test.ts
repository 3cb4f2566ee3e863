/**
 * Consumers over HTTP: CRUD, registry references checked, reserved slugs, PATCH `registries`
 * replacing the whole set atomically (concurrent PATCHes never interleave), and idempotent
 * attach/detach of auths, policies, registries (with weight) and roles (409 on an inline
 * consumer).
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { AdminClient } from './helpers/admin-client.js';
import { STAGE_RECORDER, startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('admin: consumers', () => {
  let h: AdminHarness;
  let g: string;
  let registries: Array<{ id: string }>;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'], plugins: [STAGE_RECORDER] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
    registries = [];
    for (let i = 0; i < 6; i++) registries.push(ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai', slug: `openai-${i}` }), 201));
  });
  after(async () => {
    await h?.close();
  });

  it('creates, gets, lists, updates and deletes a consumer', async () => {
    const created = ok(await h.tenantA.post(`${g}/consumers`, {
      slug: 'app', name: 'App', registries: [{ registry_id: registries[0].id, weight: 3 }],
      model_policies: [{ registry_id: registries[0].id, allow: ['gpt-4o-mini'], default: 'gpt-4o-mini' }],
      load_balancing: { strategy: 'round_robin' }, fallback: { targets: ['@openai-1/gpt-4o'], on: ['429', '5xx', 'timeout', 'content_filter'] },
      retry: { max_retries: 1 }, timeouts: { attempt_ms: 30000 },
      pools: [{ name: 'fast', targets: ['@openai-0/gpt-4o-mini', '@openai-1/gpt-4o-mini'] }], tags: ['team-a'],
    }), 201);
    expect(created).to.include({ slug: 'app', routing_mode: 'inline' });
    expect(created.fallback.on).to.include('content_filter');
    expect(created.retry).to.include({ max_retries: 1 });
    expect(created).to.deep.include({ auth_ids: [], policy_ids: [], role_ids: [] });
    expect(ok(await h.tenantA.get(`${g}/consumers/${created.id}`), 200)).to.deep.equal(created);
    expect(ok(await h.tenantA.get(`${g}/consumers`), 200).items.map((c: { id: string }) => c.id)).to.include(created.id);
    const updated = ok(await h.tenantA.patch(`${g}/consumers/${created.id}`, { name: 'App 2', tags: ['team-b'] }), 200);
    expect(updated).to.include({ name: 'App 2' });
    expect(updated.registries).to.deep.equal(created.registries);
    expect((await h.tenantA.delete(`${g}/consumers/${created.id}`)).status).to.equal(204);
    expect((await h.tenantA.get(`${g}/consumers/${created.id}`)).status).to.equal(404);
  });

  it('refuses reserved slugs, unknown registries, duplicates in the set (422) and a duplicate slug (409)', async () => {
    for (const slug of ['v1', 'healthz', 'metrics']) {
      const response = await h.tenantA.post(`${g}/consumers`, { slug });
      expect(response.status, slug).to.equal(422);
      expect(response.body.message).to.contain('/slug');
    }
    const unknown = await h.tenantA.post(`${g}/consumers`, { slug: 'x1', registries: [{ registry_id: '00000000-0000-4000-8000-000000000000' }] });
    expect(unknown.body.message).to.contain('/registries/0/registry_id');
    const twice = await h.tenantA.post(`${g}/consumers`, { slug: 'x2', registries: [{ registry_id: registries[0].id }, { registry_id: registries[0].id }] });
    expect(twice.body.message).to.contain('/registries/1/registry_id');
    const badPolicy = await h.tenantA.post(`${g}/consumers`, { slug: 'x3', model_policies: [{ registry_id: '00000000-0000-4000-8000-000000000000' }] });
    expect(badPolicy.body.message).to.contain('/model_policies/0/registry_id');
    const badMode = await h.tenantA.post(`${g}/consumers`, { slug: 'x4', routing_mode: 'magic' });
    expect(badMode.body.message).to.contain('/routing_mode');
    ok(await h.tenantA.post(`${g}/consumers`, { slug: 'taken' }), 201);
    expect((await h.tenantA.post(`${g}/consumers`, { slug: 'taken' })).status).to.equal(409);
  });

  it('PATCH registries replaces the whole association set', async () => {
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'replace', registries: [{ registry_id: registries[0].id }, { registry_id: registries[1].id }] }), 201);
    const next = [{ registry_id: registries[2].id, weight: 5 }];
    expect(ok(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { registries: next }), 200).registries).to.deep.equal(next);
    expect(ok(await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { registries: [] }), 200).registries).to.deep.equal([]);
  });

  it('concurrent PATCHes of registries never interleave: the final set is exactly one of those sent', async () => {
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'concurrent' }), 201);
    const sets = [
      [registries[0], registries[1], registries[2]],
      [registries[3], registries[4]],
      [registries[5]],
      [registries[1], registries[3], registries[5]],
      [registries[0], registries[2], registries[4]],
    ].map((set, i) => set.map((r) => ({ registry_id: r.id, weight: i + 1 })));
    const watched: unknown[] = [];
    const stop = { now: false };
    // A reader polling the stored record while the writes race: it must never see a mixed set.
    const reader = (async () => {
      while (!stop.now) {
        const doc = await h.gateway.store!.collection(COLLECTIONS.consumers).findOne({ _id: consumer.id });
        watched.push(doc!.registries);
        await new Promise((r) => setImmediate(r));
      }
    })();
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(sets.map((set) => h.tenantA.patch(`${g}/consumers/${consumer.id}`, { registries: set })));
      for (const [i, response] of responses.entries()) expect(ok(response, 200).registries).to.deep.equal(sets[i]);
      const final = ok(await h.tenantA.get(`${g}/consumers/${consumer.id}`), 200).registries;
      expect(sets).to.deep.include(final);
    }
    stop.now = true;
    await reader;
    for (const seen of watched) if ((seen as unknown[]).length > 0) expect(sets).to.deep.include(seen);
  });

  describe('attach and detach', () => {
    let inline: { id: string };
    let roleBased: { id: string };
    let auth: { id: string; key: string };
    let policy: { id: string };
    let role: { id: string };
    const path = (consumer: { id: string }, rest: string) => `${g}/consumers/${consumer.id}/${rest}`;

    before(async () => {
      inline = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'attach-inline' }), 201);
      roleBased = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'attach-roles', routing_mode: 'role_based' }), 201);
      auth = ok(await h.tenantA.post(`${g}/auths`, { type: 'api_key', name: 'attach key' }), 201);
      h.rememberKey(auth.key);
      policy = ok(await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 'a' } }), 201);
      role = ok(await h.tenantA.post(`${g}/roles`, { name: 'attach-role' }), 201);
    });

    it('auths and policies: PUT twice gives one association, DELETE of an absent one succeeds', async () => {
      for (const [segment, target, field] of [['auths', auth, 'auth_ids'], ['policies', policy, 'policy_ids']] as const) {
        ok(await h.tenantA.put(path(inline, `${segment}/${target.id}`)), 200);
        const twice = ok(await h.tenantA.put(path(inline, `${segment}/${target.id}`)), 200);
        expect(twice[field]).to.deep.equal([target.id]);
        expect(ok(await h.tenantA.delete(path(inline, `${segment}/${target.id}`)), 200)[field]).to.deep.equal([]);
        expect(ok(await h.tenantA.delete(path(inline, `${segment}/${target.id}`)), 200)[field]).to.deep.equal([]);
        expect((await h.tenantA.put(path(inline, `${segment}/00000000-0000-4000-8000-000000000000`))).status).to.equal(404);
      }
    });

    it('registries: optional weight, kept on a second PUT without one, one association', async () => {
      expect(ok(await h.tenantA.put(path(inline, `registries/${registries[0].id}`)), 200).registries).to.deep.equal([{ registry_id: registries[0].id, weight: 1 }]);
      expect(ok(await h.tenantA.put(path(inline, `registries/${registries[0].id}`), { weight: 7 }), 200).registries).to.deep.equal([{ registry_id: registries[0].id, weight: 7 }]);
      expect(ok(await h.tenantA.put(path(inline, `registries/${registries[0].id}`)), 200).registries).to.deep.equal([{ registry_id: registries[0].id, weight: 7 }]);
      expect((await h.tenantA.put(path(inline, `registries/${registries[0].id}`), { weight: -1 })).status).to.equal(422);
      expect(ok(await h.tenantA.delete(path(inline, `registries/${registries[0].id}`)), 200).registries).to.deep.equal([]);
      expect(ok(await h.tenantA.delete(path(inline, `registries/${registries[0].id}`)), 200).registries).to.deep.equal([]);
    });

    it('roles: 409 on an inline consumer; idempotent on a role_based one', async () => {
      const refused = await h.tenantA.put(path(inline, `roles/${role.id}`));
      expect(refused.status).to.equal(409);
      expect(refused.body.error).to.equal('conflict');
      ok(await h.tenantA.put(path(roleBased, `roles/${role.id}`)), 200);
      expect(ok(await h.tenantA.put(path(roleBased, `roles/${role.id}`)), 200).role_ids).to.deep.equal([role.id]);
      // A consumer with roles cannot switch to inline routing.
      expect((await h.tenantA.patch(`${g}/consumers/${roleBased.id}`, { routing_mode: 'inline' })).status).to.equal(409);
      expect(ok(await h.tenantA.delete(path(roleBased, `roles/${role.id}`)), 200).role_ids).to.deep.equal([]);
      expect(ok(await h.tenantA.delete(path(roleBased, `roles/${role.id}`)), 200).role_ids).to.deep.equal([]);
    });

    it('deleting an attached auth, policy or role detaches it from consumers', async () => {
      const extraAuth = ok(await h.tenantA.post(`${g}/auths`, { type: 'oidc', oidc: { issuer: 'https://idp.example', audience: 'portcullis' } }), 201);
      const extraRole = ok(await h.tenantA.post(`${g}/roles`, { name: 'to-delete' }), 201);
      ok(await h.tenantA.put(path(roleBased, `auths/${extraAuth.id}`)), 200);
      ok(await h.tenantA.put(path(roleBased, `policies/${policy.id}`)), 200);
      ok(await h.tenantA.put(path(roleBased, `roles/${extraRole.id}`)), 200);
      expect((await h.tenantA.delete(`${g}/auths/${extraAuth.id}`)).status).to.equal(204);
      expect((await h.tenantA.delete(`${g}/policies/${policy.id}`)).status).to.equal(204);
      expect((await h.tenantA.delete(`${g}/roles/${extraRole.id}`)).status).to.equal(204);
      const after = ok(await h.tenantA.get(`${g}/consumers/${roleBased.id}`), 200);
      expect(after).to.deep.include({ auth_ids: [], policy_ids: [], role_ids: [] });
    });
  });
});
