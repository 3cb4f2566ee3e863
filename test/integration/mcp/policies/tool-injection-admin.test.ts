/**
 * tool_injection through the admin API: every registry the policy names must be a registry of
 * its gateway (by slug or id) when the policy is written; an unknown one is 422 naming its index.
 */
import { expect } from 'chai';
import { AdminClient } from '../../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../../admin/helpers/admin-harness.js';

const ok = AdminClient.expectStatus;
const refused = AdminClient.expectRefusal;

describe('tool_injection: registries checked when the policy is written', () => {
  let h: AdminHarness;
  let g: string;
  let jira: { id: string };

  before(async () => {
    h = await startAdminHarness({ planes: ['admin'] });
    g = `/v1/gateways/${(await h.newGateway()).id}`;
    ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'github', base_url: 'https://mcp.example/github/mcp' }), 201);
    jira = ok(await h.tenantA.post(`${g}/registries`, { type: 'MCP', provider: 'mcp', slug: 'jira', base_url: 'https://mcp.example/jira/mcp' }), 201);
  });
  after(async () => {
    await h?.close();
  });

  const policy = (registries: string[]) => ({ name: 'inject', type: 'tool_injection', settings: { registries } });

  it('accepts registries named by slug or id', async () => {
    const created = ok(await h.tenantA.post(`${g}/policies`, policy(['github', jira.id])), 201);
    expect(created.settings.registries).to.deep.equal(['github', jira.id]);
  });

  it('refuses a registry the gateway does not have, naming it by index, on create and on update', async () => {
    refused(await h.tenantA.post(`${g}/policies`, policy(['github', 'gitlab'])), '/settings/registries/1');
    const created = ok(await h.tenantA.post(`${g}/policies`, policy(['github'])), 201);
    refused(await h.tenantA.patch(`${g}/policies/${created.id}`, { settings: { registries: ['nope'] } }), '/settings/registries/0');
  });
});
