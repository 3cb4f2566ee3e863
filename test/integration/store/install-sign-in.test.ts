/**
 * A Store server that needs the user's own sign-in (`requires_auth`) is installed from an MCP
 * registry with `auth.oauth`: the install answers `requires_auth`, and the user's first call
 * gets the sign-in request (-32042, URL elicitation) pointing at the gateway's connect page, as
 * for any `auth.oauth` registry; after the connect flow their calls reach the server with their
 * own token. Another user, who did not install it, sees nothing of it. A server that says it
 * needs sign-in but offers nowhere to sign in is refused when saved (422 naming the field).
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { admin, asMetadata, Browser, obtainTokens, registerClient, removeDataDir, startGatewayAt, startIdp, type AsMetadata, type TestClient, type TestIdp } from '../oauth/helpers/oauth-harness.js';
import { startProtectedMcpServer, startUpstreamAuthorizationServer, type ProtectedMcpServer, type UpstreamAuthorizationServer } from '../oauth/upstream/helpers/upstream-world.js';

type Gateway = Awaited<ReturnType<typeof startGatewayAt>>;

describe('store: a server that needs the user\'s own sign-in', function () {
  this.timeout(60_000);
  let gateway: Gateway;
  let idp: TestIdp;
  let upstreamAs: UpstreamAuthorizationServer;
  let secure: ProtectedMcpServer;
  let gatewayId: string;
  let registryId: string;
  let plainId: string;
  let metadata: AsMetadata;
  let client: TestClient;
  let store: string;
  const mcpClients: Client[] = [];
  const mcpUrl = () => `${gateway.proxyUrl('agents')}/mcp`;
  const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

  /** The gateway's own access token for `sub` (a login at the gateway's identity provider). */
  async function gatewayToken(sub: string): Promise<string> {
    idp.user = { sub, groups: ['staff'] };
    return (await obtainTokens(new Browser(), metadata, client, mcpUrl())).access_token as string;
  }

  async function connect(sub: string): Promise<Client> {
    const token = await gatewayToken(sub);
    const mcp = new Client({ name: 'store-sign-in-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    mcpClients.push(mcp);
    return mcp;
  }

  /** The error a call of `secure__whoami` answers (fails the test when the call succeeds). */
  async function callError(mcp: Client): Promise<McpError> {
    const err = await mcp.callTool({ name: 'secure__whoami', arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect(err, 'the call must fail with an MCP error').to.be.instanceOf(McpError);
    return err as McpError;
  }

  before(async () => {
    idp = await startIdp();
    upstreamAs = await startUpstreamAuthorizationServer();
    secure = await startProtectedMcpServer(upstreamAs);
    gateway = await startGatewayAt();
    const gw = await gateway.seed.gateway();
    gatewayId = gw.id;
    store = `/v1/gateways/${gatewayId}/store`;
    const created = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, {
      type: 'MCP', provider: 'mcp', slug: 'secure', base_url: secure.url,
      auth: { oauth: { issuer: upstreamAs.issuer, client_id: 'portcullis-at-secure', client_secret: 'upstream-client-secret', scopes: ['tools.read'] } },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    registryId = created.body.id;
    const plain = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, { type: 'MCP', provider: 'mcp', slug: 'plain', base_url: secure.url });
    plainId = plain.body.id;
    // No role routes anything: the users see only what they install.
    await gateway.seed.consumer(gatewayId, { slug: 'agents', routing_mode: 'role_based' });
    await gateway.configChanged();
    expect((await admin(gateway, 'PUT', `/v1/gateways/${gatewayId}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' })).status).to.equal(200);
    metadata = await asMetadata(gateway.urls.proxy!, gw.slug);
    client = await registerClient(metadata, { application_type: 'web' });
    expect((await admin(gateway, 'PUT', `${store}/access`, { rules: [{ code: '*', group: 'staff', level: 'allowed' }] })).status).to.equal(200);
  });
  after(async () => {
    await Promise.all(mcpClients.map((c) => c.close().catch(() => undefined)));
    await gateway?.close();
    if (gateway) removeDataDir(gateway.dataDir);
    await Promise.all([idp?.close(), upstreamAs?.close(), secure?.close()]);
  });

  it('refuses requires_auth on a server with nowhere to sign in: from base_url, or an instance registry without auth.oauth (422 naming the field)', async () => {
    const fromUrl = await admin(gateway, 'POST', `${store}/servers`, { code: 'nowhere', name: 'Nowhere', base_url: secure.url, requires_auth: true });
    expect(fromUrl.status, JSON.stringify(fromUrl.body)).to.equal(422);
    expect(fromUrl.body.message).to.contain('/requires_auth');
    const plain = await admin(gateway, 'POST', `${store}/servers`, { code: 'nowhere', name: 'Nowhere', requires_auth: true, instances: [{ name: 'plain', registry_id: plainId }] });
    expect(plain.status, JSON.stringify(plain.body)).to.equal(422);
    expect(plain.body.message).to.contain('/instances/0/registry_id');
  });

  it('an instance registry with auth.oauth makes the install answer requires_auth, even when the server did not say so', async () => {
    expect((await admin(gateway, 'POST', `${store}/servers`, { code: 'secure-quiet', name: 'Secure', instances: [{ name: 'main', registry_id: registryId }] })).status).to.equal(201);
    const answer = await admin(gateway, 'POST', `${store}/principal/installs`, { code: 'secure-quiet', principal_sub: 'zed', groups: ['staff'] });
    expect(answer.body).to.include({ status: 'installed', requires_auth: true });
    const again = await admin(gateway, 'POST', `${store}/principal/installs`, { code: 'secure-quiet', principal_sub: 'zed', groups: ['staff'] });
    expect(again.body).to.include({ status: 'installed', already_installed: true, requires_auth: true });
  });

  it('after install the user\'s first call asks them to sign in at the connect page; after it their calls carry their own token; others see nothing', async () => {
    const created = await admin(gateway, 'POST', `${store}/servers`, { code: 'secure', name: 'Secure', requires_auth: true, instances: [{ name: 'main', registry_id: registryId }] });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const ana = await connect('ana');
    // Not installed yet: the tool is unknown to her, not a sign-in request.
    expect((await callError(ana)).code).to.not.equal(-32042);

    const installed = await admin(gateway, 'POST', `${store}/principal/installs`, { code: 'secure', principal_sub: 'ana', groups: ['staff'] });
    expect(installed.body).to.include({ status: 'installed', requires_auth: true, instance_id: registryId });
    const asked = await callError(ana);
    expect(asked.code).to.equal(-32042);
    const link = (asked.data as { elicitations: Array<{ mode: string; url: string }> }).elicitations[0]!;
    expect(link.mode).to.equal('url');
    expect(link.url).to.contain('/oauth/connect/secure?link=');
    expect(secure.subjects).to.deep.equal([]);

    upstreamAs.user = 'ana-at-secure';
    const { response } = await new Browser().follow(link.url, 'http://never.invalid/');
    expect(response.status, await response.clone().text()).to.equal(200);
    expect((await ana.listTools()).tools.map((t) => t.name)).to.deep.equal(['secure__whoami']);
    expect(textOf(await ana.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('ana-at-secure');

    const bob = await connect('bob');
    expect((await bob.listTools()).tools).to.deep.equal([]);
    expect((await callError(bob)).code).to.not.equal(-32042);
    expect(new Set(secure.subjects)).to.deep.equal(new Set(['ana-at-secure']));
  });
});
