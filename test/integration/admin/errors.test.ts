/**
 * Admin error rules: malformed JSON is 400 `invalid_json`, a body breaking its schema is 422
 * `validation_failed` naming the field by JSON pointer, unknown ids are 404, and a refused
 * write changes nothing (all-or-nothing), every error as `{error, message}`.
 */
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { REVISION_ID } from '../../../core/snapshot/config-document.js';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('admin: errors', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('malformed JSON is 400 invalid_json; a JSON value that is not an object too', async () => {
    for (const raw of ['{"slug": ', 'not json', '[1,2]']) {
      const response = await h.tenantA.request('POST', `${g}/consumers`, undefined, { raw });
      expect(response.status, raw).to.equal(400);
      expect(response.body.error).to.equal('invalid_json');
      expect(Object.keys(response.body)).to.deep.equal(['error', 'message']);
    }
  });

  it('schema violations are 422 validation_failed naming each field by JSON pointer', async () => {
    const response = await h.tenantA.post(`${g}/consumers`, { slug: 'UPPER', registries: [{ registry_id: 'x', weight: 'heavy' }], extra: 1 });
    expect(response.status).to.equal(422);
    expect(response.body.error).to.equal('validation_failed');
    for (const pointer of ['/slug', '/registries/0/registry_id', '/registries/0/weight', '/extra']) expect(response.body.message).to.contain(pointer);
    const missing = await h.tenantA.post(`${g}/consumers`, {});
    expect(missing.body.message).to.contain('/slug is required');
  });

  it('unknown ids are 404 not_found on every kind of record', async () => {
    for (const path of [`/v1/gateways/${MISSING}`, `${g}/registries/${MISSING}`, `${g}/consumers/${MISSING}`, `${g}/roles/${MISSING}`, `${g}/policies/${MISSING}`, `${g}/auths/${MISSING}`, `${g}/vault-credentials/${MISSING}`, `/v1/machine-credentials/${MISSING}`, '/v1/gateways/not-a-uuid']) {
      const response = await h.tenantA.get(path);
      expect(response.status, path).to.equal(404);
      expect(response.body.error).to.equal('not_found');
    }
    expect((await h.tenantA.patch(`${g}/consumers/${MISSING}`, { name: 'x' })).status).to.equal(404);
    expect((await h.tenantA.delete(`${g}/registries/${MISSING}`)).status).to.equal(404);
    expect((await h.tenantA.put(`${g}/consumers/${MISSING}/auths/${MISSING}`)).status).to.equal(404);
  });

  it('a refused write changes nothing: no record, no revision bump', async () => {
    const store = h.gateway.store!;
    const revision = async () => (await store.collection(COLLECTIONS.meta).findOne({ _id: REVISION_ID }))?.revision;
    const before = { revision: await revision(), consumers: await store.collection(COLLECTIONS.consumers).count({}) };
    const registry = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai' }), 201);
    const afterCreate = await revision();
    expect(afterCreate).to.equal(Number(before.revision ?? 0) + 1);
    // The second association is invalid: the whole create is refused, the first is not stored either.
    const refused = await h.tenantA.post(`${g}/consumers`, { slug: 'half', registries: [{ registry_id: registry.id }, { registry_id: MISSING }] });
    expect(refused.status).to.equal(422);
    expect(await store.collection(COLLECTIONS.consumers).count({})).to.equal(before.consumers);
    expect(await revision()).to.equal(afterCreate);
    const consumer = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'whole', registries: [{ registry_id: registry.id }] }), 201);
    const patch = await h.tenantA.patch(`${g}/consumers/${consumer.id}`, { name: 'changed', registries: [{ registry_id: MISSING }] });
    expect(patch.status).to.equal(422);
    const unchanged = ok(await h.tenantA.get(`${g}/consumers/${consumer.id}`), 200);
    expect(unchanged).to.not.have.property('name');
    expect(unchanged.registries).to.deep.equal([{ registry_id: registry.id, weight: 1 }]);
  });

  it('an unknown route is 404 and a wrong method on a known one is refused, both as {error, message}', async () => {
    const unknown = await fetch(`${h.gateway.urls.admin}/v1/nowhere`, { headers: { authorization: `Bearer ${h.platform.token}` } });
    expect(unknown.status).to.equal(404);
    expect(Object.keys((await unknown.json()) as object)).to.deep.equal(['error', 'message']);
    const wrongMethod = await fetch(`${h.gateway.urls.admin}/v1/gateways`, { method: 'PUT', headers: { authorization: `Bearer ${h.platform.token}` } });
    expect(wrongMethod.status).to.be.oneOf([400, 405]);
  });
});
