/**
 * Policies over HTTP: settings validated by the plugin's schema (422 naming the field, defaults
 * applied), stages a subset of the plugin's, duplicate (fresh id, `<name> 2`, `3`, ... and slug
 * `-2`, no consumer associations, not global), mark and clear global, CRUD, and the policy
 * catalog that lists the plugin with its settings schema.
 */
import { expect } from 'chai';
import { AdminClient } from './helpers/admin-client.js';
import { STAGE_RECORDER, startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('admin: policies', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'], plugins: [STAGE_RECORDER] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('creates a policy with validated settings (defaults applied) and reads, lists, updates and deletes it', async () => {
    const policy = ok(await h.tenantA.post(`${g}/policies`, { name: 'Recorder', type: 'stage_recorder', settings: { label: 'r' }, stages: ['admit', 'route'], priority: 300, parallel: true }), 201);
    expect(policy).to.include({ slug: 'recorder', name: 'Recorder', type: 'stage_recorder', enabled: true, priority: 300, parallel: true, global: false });
    expect(policy.settings).to.deep.equal({ label: 'r', reject: false });
    expect(ok(await h.tenantA.get(`${g}/policies/${policy.id}`), 200)).to.deep.equal(policy);
    expect(ok(await h.tenantA.get(`${g}/policies`), 200).items.map((p: { id: string }) => p.id)).to.include(policy.id);
    const updated = ok(await h.tenantA.patch(`${g}/policies/${policy.id}`, { enabled: false, settings: { label: 'r2', reject: true } }), 200);
    expect(updated).to.include({ enabled: false });
    expect(updated.settings).to.deep.equal({ label: 'r2', reject: true });
    expect((await h.tenantA.delete(`${g}/policies/${policy.id}`)).status).to.equal(204);
    expect((await h.tenantA.get(`${g}/policies/${policy.id}`)).status).to.equal(404);
  });

  it('settings that break the plugin schema are 422 naming the field; nothing is stored', async () => {
    const before = ok(await h.tenantA.get(`${g}/policies`), 200).total;
    const missing = await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: {} });
    expect(missing.status).to.equal(422);
    expect(missing.body.message).to.contain('/settings/label');
    const wrongType = await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 'x', reject: 'yes' } });
    expect(wrongType.body.message).to.contain('/settings/reject');
    const unknownType = await h.tenantA.post(`${g}/policies`, { type: 'no_such_plugin', settings: {} });
    expect(unknownType.status).to.equal(422);
    expect(unknownType.body.message).to.contain('/type');
    expect(ok(await h.tenantA.get(`${g}/policies`), 200).total).to.equal(before);
    const policy = ok(await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 'ok' } }), 201);
    const badUpdate = await h.tenantA.patch(`${g}/policies/${policy.id}`, { settings: { label: '' } });
    expect(badUpdate.status).to.equal(422);
    expect(badUpdate.body.message).to.contain('/settings/label');
    expect(ok(await h.tenantA.get(`${g}/policies/${policy.id}`), 200).settings.label).to.equal('ok');
  });

  it('stages must be a subset of the plugin stages', async () => {
    const response = await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 's' }, stages: ['admit', 'cacheLookup'] });
    expect(response.status).to.equal(422);
    expect(response.body.message).to.contain('/stages/1');
  });

  it('duplicate copies the plugin configuration as "<name> 2", "<name> 3" with slugs -2, -3, no consumers, not global', async () => {
    const original = ok(await h.tenantA.post(`${g}/policies`, { name: 'Limits', slug: 'limits', type: 'stage_recorder', settings: { label: 'l' }, stages: ['admit'], priority: 42 }), 201);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'dup-app' }), 201);
    ok(await h.tenantA.put(`${g}/consumers/${consumer.id}/policies/${original.id}`), 200);
    ok(await h.tenantA.put(`${g}/policies/${original.id}/global`), 200);
    const copy = ok(await h.tenantA.post(`${g}/policies/${original.id}/duplicate`), 201);
    expect(copy.id).to.not.equal(original.id);
    expect(copy).to.include({ name: 'Limits 2', slug: 'limits-2', type: 'stage_recorder', priority: 42, global: false });
    expect(copy.settings).to.deep.equal(original.settings);
    expect(copy.stages).to.deep.equal(['admit']);
    const third = ok(await h.tenantA.post(`${g}/policies/${original.id}/duplicate`), 201);
    expect(third).to.include({ name: 'Limits 3', slug: 'limits-3' });
    // A copy of a copy counts on from the original's name.
    const fourth = ok(await h.tenantA.post(`${g}/policies/${copy.id}/duplicate`), 201);
    expect(fourth).to.include({ name: 'Limits 4', slug: 'limits-4' });
    const attached = ok(await h.tenantA.get(`${g}/consumers/${consumer.id}`), 200).policy_ids;
    expect(attached).to.deep.equal([original.id]);
  });

  it('mark global and clear global are idempotent', async () => {
    const policy = ok(await h.tenantA.post(`${g}/policies`, { type: 'stage_recorder', settings: { label: 'g' } }), 201);
    expect(ok(await h.tenantA.put(`${g}/policies/${policy.id}/global`), 200).global).to.equal(true);
    expect(ok(await h.tenantA.put(`${g}/policies/${policy.id}/global`), 200).global).to.equal(true);
    expect(ok(await h.tenantA.delete(`${g}/policies/${policy.id}/global`), 200).global).to.equal(false);
    expect(ok(await h.tenantA.delete(`${g}/policies/${policy.id}/global`), 200).global).to.equal(false);
    expect((await h.tenantA.put(`${g}/policies/00000000-0000-4000-8000-000000000000/global`)).status).to.equal(404);
  });

  it('the policy catalog groups plugins by category with their settings schema', async () => {
    const catalog = ok(await h.tenantA.get('/v1/catalog/policies'), 200);
    const group = catalog.groups.find((gr: { category: string }) => gr.category === 'policy');
    const recorder = group.types.find((t: { type: string }) => t.type === 'stage_recorder');
    expect(recorder.stages).to.include('admit');
    expect(recorder.settings_schema).to.include({ title: 'StageRecorderSettings' });
    expect(recorder.settings_schema.required).to.deep.equal(['label']);
  });
});
