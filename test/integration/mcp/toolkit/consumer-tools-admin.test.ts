/**
 * A consumer's MCP tool scope (`tools: { allow, max_tools }`) through the admin API: stored and
 * shown on create and update, refused with 422 naming the field when malformed.
 */
import { expect } from 'chai';
import { AdminClient } from '../../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';

const ok = AdminClient.expectStatus;

describe('mcp toolkit: consumer tool scope in the admin API', () => {
  let h: AdminHarness;
  let g: string;

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
  });
  after(async () => {
    await h?.close();
  });

  it('stores and shows tools on create and replaces them on update', async () => {
    const created = ok(await h.tenantA.post(`${g}/consumers`, { slug: 'agent', tools: { allow: ['github__search_issues', 'jira__*'], max_tools: 40 } }), 201);
    expect(created.tools).to.deep.equal({ allow: ['github__search_issues', 'jira__*'], max_tools: 40 });
    const updated = ok(await h.tenantA.patch(`${g}/consumers/${created.id}`, { tools: { max_tools: 3 } }), 200);
    expect(updated.tools).to.deep.equal({ max_tools: 3 });
    expect(ok(await h.tenantA.get(`${g}/consumers/${created.id}`), 200).tools).to.deep.equal({ max_tools: 3 });
  });

  it('refuses a malformed scope with 422 naming the field', async () => {
    const badPattern = await h.tenantA.post(`${g}/consumers`, { slug: 'bad1', tools: { allow: ['github.search'] } });
    expect(badPattern.status).to.equal(422);
    expect(badPattern.body.message).to.contain('/tools/allow/0');
    const badMax = await h.tenantA.post(`${g}/consumers`, { slug: 'bad2', tools: { max_tools: 0 } });
    expect(badMax.status).to.equal(422);
    expect(badMax.body.message).to.contain('/tools/max_tools');
    const unknown = await h.tenantA.post(`${g}/consumers`, { slug: 'bad3', tools: { deny: ['x'] } });
    expect(unknown.status).to.equal(422);
  });
});
