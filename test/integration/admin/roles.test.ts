/**
 * Roles over HTTP: `model_policies` refused on create (422), on update only for registries
 * already attached to the role, idempotent attach/detach of registries (detach drops the
 * registry's model policy), tool sets only for MCP registries, CRUD.
 */
import { expect } from 'chai';
import { AdminClient } from './helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from './helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('admin: roles', () => {
  let h: AdminHarness;
  let g: string;
  let llm: { id: string };
  let other: { id: string };
  let mcp: { id: string };

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
    llm = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'openai' }), 201);
    other = ok(await h.tenantA.post(`${g}/registries`, { type: 'LLM', provider: 'anthropic' }), 201);
    mcp = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', base_url: 'http://127.0.0.1:9/mcp' }), 201);
  });
  after(async () => {
    await h?.close();
  });

  it('creates, gets, lists, updates and deletes a role', async () => {
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [llm.id] }), 201);
    expect(role).to.include({ name: 'analysts' });
    expect(role.registries).to.deep.equal([llm.id]);
    expect(ok(await h.tenantA.get(`${g}/roles/${role.id}`), 200)).to.deep.equal(role);
    expect(ok(await h.tenantA.get(`${g}/roles`), 200).total).to.be.greaterThan(0);
    expect(ok(await h.tenantA.patch(`${g}/roles/${role.id}`, { match: { claim: 'groups', any_of: ['analysts', 'data'] } }), 200).match.any_of).to.deep.equal(['analysts', 'data']);
    expect((await h.tenantA.post(`${g}/roles`, { name: 'analysts' })).status).to.equal(409);
    expect((await h.tenantA.delete(`${g}/roles/${role.id}`)).status).to.equal(204);
    expect((await h.tenantA.get(`${g}/roles/${role.id}`)).status).to.equal(404);
  });

  it('model_policies cannot be set on create (422)', async () => {
    const response = await h.tenantA.post(`${g}/roles`, { name: 'early', registries: [llm.id], model_policies: [{ registry_id: llm.id, allow: ['gpt-4o'] }] });
    expect(response.status).to.equal(422);
    expect(response.body.error).to.equal('validation_failed');
    expect(response.body.message).to.contain('/model_policies');
  });

  it('on update, model_policies may reference only registries attached to the role', async () => {
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'scoped', registries: [llm.id] }), 201);
    const refused = await h.tenantA.patch(`${g}/roles/${role.id}`, { model_policies: [{ registry_id: other.id, allow: ['claude-sonnet-4-5'] }] });
    expect(refused.status).to.equal(422);
    expect(refused.body.message).to.contain('/model_policies/0/registry_id');
    const accepted = ok(await h.tenantA.patch(`${g}/roles/${role.id}`, { model_policies: [{ registry_id: llm.id, allow: ['gpt-4o-mini'], default: 'gpt-4o-mini' }] }), 200);
    expect(accepted.model_policies).to.deep.equal([{ registry_id: llm.id, allow: ['gpt-4o-mini'], default: 'gpt-4o-mini' }]);
    // Attaching and setting a policy in the same update is fine: the attachment counts.
    const both = ok(await h.tenantA.patch(`${g}/roles/${role.id}`, { registries: [llm.id, other.id], model_policies: [{ registry_id: other.id }] }), 200);
    expect(both.registries).to.deep.equal([llm.id, other.id]);
  });

  it('attach/detach registries is idempotent; detaching drops that registry\'s model policy', async () => {
    const role = ok(await h.tenantA.post(`${g}/roles`, { name: 'attach' }), 201);
    const path = `${g}/roles/${role.id}/registries/${llm.id}`;
    ok(await h.tenantA.put(path), 200);
    expect(ok(await h.tenantA.put(path), 200).registries).to.deep.equal([llm.id]);
    ok(await h.tenantA.patch(`${g}/roles/${role.id}`, { model_policies: [{ registry_id: llm.id, allow: ['gpt-4o'] }] }), 200);
    const detached = ok(await h.tenantA.delete(path), 200);
    expect(detached.registries).to.deep.equal([]);
    expect(detached.model_policies).to.deep.equal([]);
    expect(ok(await h.tenantA.delete(path), 200).registries).to.deep.equal([]);
    expect((await h.tenantA.put(`${g}/roles/${role.id}/registries/00000000-0000-4000-8000-000000000000`)).status).to.equal(404);
  });

  it('tool sets name MCP registries only; unknown registries are 422', async () => {
    const good = ok(await h.tenantA.post(`${g}/roles`, { name: 'tools', tool_sets: [{ registry_id: mcp.id, tools: ['search'] }] }), 201);
    expect(good.tool_sets).to.deep.equal([{ registry_id: mcp.id, tools: ['search'] }]);
    const wrong = await h.tenantA.post(`${g}/roles`, { name: 'tools-2', tool_sets: [{ registry_id: llm.id }] });
    expect(wrong.status).to.equal(422);
    expect(wrong.body.message).to.contain('/tool_sets/0/registry_id');
    const unknown = await h.tenantA.post(`${g}/roles`, { name: 'r-unknown', registries: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.body.message).to.contain('/registries/0');
  });
});
