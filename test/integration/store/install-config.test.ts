/**
 * A user's install `config` reaches the server: each top-level property the server's
 * `config_schema` marks with `"x-header"` is sent as that header on that user's calls (tool lists
 * and tool calls, through the MCP SDK client with the user's identity token), for a server
 * installed from its `base_url` and for one installed from an instance registry shared by several
 * users; never on another user's calls. Header names and values that cannot be sent are refused
 * when the server is saved or the install is requested (422 naming the field).
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { IncomingHttpHeaders } from 'node:http';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';
import { startTinyMcpServer, type TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { startFakeIssuer, type FakeIssuer } from '../../fixtures/oidc/fake-issuer.js';

const expectStatus = AdminClient.expectStatus;

const CONFIG_SCHEMA = {
  type: 'object',
  required: ['workspace'],
  properties: {
    workspace: { type: 'string', 'x-header': 'X-Workspace' },
    region: { type: 'string', enum: ['eu', 'us'], 'x-header': 'X-Region' },
    note: { type: 'string' },
  },
  additionalProperties: false,
};

describe('store: an install\'s config reaches the server as headers', function () {
  this.timeout(60_000);
  let h: AdminHarness;
  let notes: TinyMcpServer;
  let wiki: TinyMcpServer;
  let issuer: FakeIssuer;
  let store: string;
  let url: string;

  /** Calls `tool` as `subject` through the SDK client; answers the headers the server received meanwhile. */
  const callAs = async (server: TinyMcpServer, subject: string, tool: string): Promise<IncomingHttpHeaders[]> => {
    const from = server.headers.length;
    const client = new Client({ name: 'store-config-e2e', version: '1.0.0' });
    const token = await issuer.token({ groups: ['eng'] }, { subject });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).to.include(tool);
      const result = await client.callTool({ name: tool, arguments: {} });
      expect(result.isError, JSON.stringify(result)).to.not.equal(true);
    } finally {
      await client.close();
    }
    return server.headers.slice(from);
  };
  const install = (body: Record<string, unknown>) => h.tenantA.post(`${store}/principal/installs`, body);

  before(async () => {
    const tools = [{ name: 'whoami', description: 'who the server thinks you are', inputSchema: { type: 'object' as const } }];
    notes = await startTinyMcpServer({ tools });
    wiki = await startTinyMcpServer({ tools, requiredKey: 'wiki-registry-key' });
    issuer = await startFakeIssuer();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    const gatewayId = (await h.newGateway()).id;
    store = `/v1/gateways/${gatewayId}/store`;
    const seed = h.gateway.seed;
    const wikiRegistry = await seed.registry(gatewayId, { provider: 'mcp', type: 'MCP', slug: 'wiki', base_url: wiki.url, apiKey: 'wiki-registry-key' });
    const team = await seed.consumer(gatewayId, { slug: 'team', routing_mode: 'role_based' });
    h.rememberKey(team.key);
    await seed.auth(gatewayId, { type: 'oidc', name: 'sso', oidc: { issuer: issuer.issuer, audience: 'portcullis', jwks_uri: issuer.jwksUri, groups_claim: 'groups' } }, [team.consumer._id]);
    await h.gateway.configChanged();
    expectStatus(await h.tenantA.post(`${store}/servers`, { code: 'notes', name: 'Notes', base_url: notes.url, requires_config: true, config_schema: CONFIG_SCHEMA }), 201);
    expectStatus(await h.tenantA.post(`${store}/servers`, {
      code: 'wiki-ws', name: 'Wiki', instances: [{ name: 'main', registry_id: wikiRegistry._id }], requires_config: true, config_schema: CONFIG_SCHEMA,
    }), 201);
    expectStatus(await h.tenantA.put(`${store}/access`, { rules: [{ code: '*', group: 'eng', level: 'allowed' }] }), 200);
    url = `${h.gateway.proxyUrl('team')}/mcp`;
  });
  after(async () => {
    await h?.close();
    await notes?.close();
    await wiki?.close();
    await issuer?.close();
  });

  it('a server installed from its base_url gets each user\'s own config on that user\'s calls only', async () => {
    expectStatus(await install({ code: 'notes', principal_sub: 'alice', groups: ['eng'], config: { workspace: 'alice-ws', region: 'eu', note: 'kept, not sent' } }), 200);
    expectStatus(await install({ code: 'notes', principal_sub: 'bob', groups: ['eng'], config: { workspace: 'bob-ws' } }), 200);

    const alice = await callAs(notes, 'alice', 'notes__whoami');
    expect(alice).to.not.be.empty;
    for (const headers of alice) {
      expect(headers['x-workspace']).to.equal('alice-ws');
      expect(headers['x-region']).to.equal('eu');
      expect(JSON.stringify(headers)).to.not.include('kept, not sent');
    }
    const bob = await callAs(notes, 'bob', 'notes__whoami');
    expect(bob).to.not.be.empty;
    for (const headers of bob) {
      expect(headers['x-workspace']).to.equal('bob-ws');
      expect(headers).to.not.have.property('x-region');
    }
    expect(notes.calls.map((c) => c.name)).to.deep.equal(['whoami', 'whoami']);
  });

  it('an instance registry shared by users gets each one\'s config next to the registry\'s own key, never another user\'s', async () => {
    expectStatus(await install({ code: 'wiki-ws', principal_sub: 'alice', groups: ['eng'], config: { workspace: 'alice-wiki' } }), 200);
    expectStatus(await install({ code: 'wiki-ws', principal_sub: 'carol', groups: ['eng'], config: { workspace: 'carol-wiki', region: 'us' } }), 200);
    const carol = await callAs(wiki, 'carol', 'wiki__whoami');
    const alice = await callAs(wiki, 'alice', 'wiki__whoami');
    for (const headers of carol) expect([headers['x-workspace'], headers['x-region'], headers.authorization]).to.deep.equal(['carol-wiki', 'us', 'Bearer wiki-registry-key']);
    for (const headers of alice) expect([headers['x-workspace'], headers['x-region'], headers.authorization]).to.deep.equal(['alice-wiki', undefined, 'Bearer wiki-registry-key']);
    expect(carol.length + alice.length).to.be.greaterThan(2);
  });

  it('refuses a header that cannot be sent: a bad or reserved name when saved, a value with a line break when installed (422 naming the field)', async () => {
    const withHeader = (name: string) => ({ type: 'object', properties: { v: { type: 'string', 'x-header': name } } });
    for (const name of ['Bad Header', 'Host', 'Mcp-Session-Id', 'content-length']) {
      AdminClient.expectRefusal(await h.tenantA.post(`${store}/servers`, { code: 'bad', name: 'Bad', base_url: notes.url, requires_config: true, config_schema: withHeader(name) }), '/config_schema');
    }
    AdminClient.expectRefusal(await install({ code: 'notes', principal_sub: 'dave', groups: ['eng'], config: { workspace: 'a\r\nX-Evil: 1' } }), '/config/workspace');
  });
});
