/**
 * Upstream OAuth on behalf of the user: an MCP registry with `auth.oauth` reaches its server
 * (which admits only tokens of its own authorization server, `oauth2-mock-server` here) with each
 * user's own token. A user who has not signed in there gets JSON-RPC -32042 (URL elicitation)
 * pointing at the gateway's connect page; after the connect flow (a browser with a cookie jar),
 * the same user's calls reach the server with their own token, another user still gets -32042,
 * the client's gateway token never reaches the server, and the tokens survive a restart.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { admin, asMetadata, Browser, obtainTokens, registerClient, removeDataDir, startGatewayAt, startIdp, type AsMetadata, type TestClient, type TestIdp } from '../helpers/oauth-harness.js';
import { startProtectedMcpServer, startUpstreamAuthorizationServer, type ProtectedMcpServer, type UpstreamAuthorizationServer } from './helpers/upstream-world.js';

type Gateway = Awaited<ReturnType<typeof startGatewayAt>>;

describe('oauth: upstream MCP servers that need the user\'s own login', function () {
  this.timeout(60_000);
  let gateway: Gateway;
  let idp: TestIdp;
  let upstreamAs: UpstreamAuthorizationServer;
  let secure: ProtectedMcpServer;
  let gatewayId: string;
  let gatewaySlug: string;
  let registryId: string;
  let metadata: AsMetadata;
  let client: TestClient;
  const mcpClients: Client[] = [];
  const mcpUrl = () => `${gateway.proxyUrl('agents')}/mcp`;

  /** The gateway's own access token for `sub` (a login at the gateway's identity provider). */
  async function gatewayToken(sub: string): Promise<string> {
    idp.user = { sub, groups: ['analysts'] };
    return (await obtainTokens(new Browser(), metadata, client, mcpUrl())).access_token as string;
  }

  /** An official SDK client on the consumer's MCP endpoint with a gateway token. */
  async function connect(token: string): Promise<Client> {
    const mcp = new Client({ name: 'upstream-oauth-test', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(mcpUrl()), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    mcpClients.push(mcp);
    return mcp;
  }

  /** The -32042 a call answers (fails the test when the call succeeds or fails otherwise). */
  async function elicitation(mcp: Client): Promise<{ mode: string; url: string; elicitationId: string; message: string }> {
    const err = await mcp.callTool({ name: 'secure__whoami', arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect(err, 'the call must fail with an MCP error').to.be.instanceOf(McpError);
    expect((err as McpError).code).to.equal(-32042);
    const elicitations = ((err as McpError).data as { elicitations: Array<{ mode: string; url: string; elicitationId: string; message: string }> }).elicitations;
    expect(elicitations).to.have.length(1);
    return elicitations[0]!;
  }

  /** Runs the connect page as a browser would; answers the final page. */
  async function runConnect(browser: Browser, url: string): Promise<Response> {
    const { response } = await browser.follow(url, 'http://never.invalid/');
    return response;
  }

  const textOf = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

  before(async () => {
    idp = await startIdp();
    upstreamAs = await startUpstreamAuthorizationServer();
    secure = await startProtectedMcpServer(upstreamAs);
    gateway = await startGatewayAt();
    const gw = await gateway.seed.gateway();
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    const created = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, {
      type: 'MCP', provider: 'mcp', slug: 'secure', base_url: secure.url,
      auth: { oauth: { issuer: upstreamAs.issuer, client_id: 'portcullis-at-secure', client_secret: 'upstream-client-secret', scopes: ['tools.read'] } },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    registryId = created.body.id;
    // No user token when it is saved: its tool names cannot be checked then.
    expect(created.body.warnings?.[0]?.code).to.equal('tools_not_checked');
    const agents = await gateway.seed.consumer(gatewayId, { slug: 'agents', routing_mode: 'role_based' });
    await gateway.seed.role(gatewayId, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [created.body.id] }, [agents.consumer._id]);
    await gateway.configChanged();
    expect((await admin(gateway, 'PUT', `/v1/gateways/${gatewayId}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' })).status).to.equal(200);
    metadata = await asMetadata(gateway.urls.proxy!, gatewaySlug);
    client = await registerClient(metadata, { application_type: 'web' });
  });
  after(async () => {
    await Promise.all(mcpClients.map((c) => c.close().catch(() => undefined)));
    await gateway?.close();
    if (gateway) removeDataDir(gateway.dataDir);
    await Promise.all([idp?.close(), upstreamAs?.close(), secure?.close()]);
  });

  it('validates auth.oauth on write (422 naming the field) and never shows the client secret', async () => {
    const base = { type: 'MCP', provider: 'mcp', base_url: secure.url };
    const missing = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, { ...base, slug: 'bad-a', auth: { oauth: { client_id: 'x' } } });
    expect(missing.status).to.equal(422);
    expect(JSON.stringify(missing.body)).to.contain('/auth/oauth');
    const both = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, { ...base, slug: 'bad-b', auth: { api_key: 'k', oauth: { issuer: upstreamAs.issuer, client_id: 'x' } } });
    expect(both.status).to.equal(422);
    expect(JSON.stringify(both.body)).to.contain('/auth/api_key');
    const internal = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, { ...base, slug: 'bad-c', auth: { oauth: { issuer: 'http://10.1.2.3/as', client_id: 'x' } } });
    expect(internal.status).to.equal(422);
    expect(internal.body.message).to.contain('/auth/oauth/issuer');
    const llm = await admin(gateway, 'POST', `/v1/gateways/${gatewayId}/registries`, { type: 'LLM', provider: 'openai', slug: 'bad-d', auth: { oauth: { issuer: upstreamAs.issuer, client_id: 'x' } } });
    expect(llm.status).to.equal(422);
    expect(llm.body.message).to.contain('/auth/oauth');

    const listed = await admin(gateway, 'GET', `/v1/gateways/${gatewayId}/registries/${registryId}`);
    expect(listed.body.auth.oauth).to.deep.equal({ issuer: upstreamAs.issuer, client_id: 'portcullis-at-secure', scopes: ['tools.read'], has_client_secret: true });
    expect(JSON.stringify(listed.body)).not.to.contain('upstream-client-secret');
  });

  it('a user who has not connected gets -32042 pointing at the gateway\'s connect page; the server sees nothing', async () => {
    const mcp = await connect(await gatewayToken('ana'));
    const seen = secure.authorizations.length;
    expect((await mcp.listTools()).tools.map((t) => t.name)).to.deep.equal([]);
    const asked = await elicitation(mcp);
    expect(asked.mode).to.equal('url');
    expect(asked.elicitationId).to.be.a('string').and.not.empty;
    expect(asked.url.startsWith(`${gateway.urls.proxy}/${gatewaySlug}/oauth/connect/secure?link=`), asked.url).to.equal(true);
    expect(asked.message).to.contain('secure');
    expect(secure.authorizations.length, 'nothing is sent upstream without the user\'s token').to.equal(seen);

  });

  it('after the connect flow the user\'s calls reach the server with their own token; another user still gets -32042; the gateway token never goes upstream', async () => {
    const anaToken = await gatewayToken('ana');
    const ana = await connect(anaToken);
    const link = (await elicitation(ana)).url;

    upstreamAs.user = 'ana-at-secure';
    const browser = new Browser();
    const first = await browser.fetch(link);
    expect(first.status).to.equal(303);
    const authorize = new URL(first.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).to.equal(`${upstreamAs.issuer}/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(authorize.searchParams.get('redirect_uri')).to.equal(`${gateway.urls.proxy}/${gatewaySlug}/oauth/connect/secure/callback`);
    expect(authorize.searchParams.get('resource')).to.equal(secure.url);
    expect(authorize.searchParams.get('scope')).to.equal('tools.read');
    const done = await runConnect(browser, authorize.href);
    expect(done.status, await done.clone().text()).to.equal(200);
    expect(await done.text()).to.contain('Connected');

    // The same link is single-use.
    expect((await new Browser().fetch(link)).status).to.equal(400);

    expect((await ana.listTools()).tools.map((t) => t.name)).to.deep.equal(['secure__whoami']);
    expect(textOf(await ana.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('ana-at-secure');

    const bob = await connect(await gatewayToken('bob'));
    expect((await elicitation(bob)).url).to.contain('/oauth/connect/secure?link=');
    expect((await bob.listTools()).tools).to.deep.equal([]);

    expect(secure.subjects.length).to.be.greaterThan(0);
    expect(new Set(secure.subjects)).to.deep.equal(new Set(['ana-at-secure']));
    expect(secure.authorizations.some((a) => a?.includes(anaToken)), 'the client\'s gateway token is never forwarded').to.equal(false);
  });

  it('on 2026-07-28 the same sign-in is an input_required URL elicitation: the SDK v2 client opens it, and its retry succeeds', async () => {
    const token = await gatewayToken('frank');
    upstreamAs.user = 'frank-at-secure';
    const asked: Array<{ mode?: string; url?: string }> = [];
    const modern = new ModernClient({ name: 'upstream-oauth-modern', version: '1.0.0' }, { capabilities: { elicitation: { url: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    modern.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { mode?: string; url?: string };
      asked.push(params);
      // The user opens the link in a browser and signs in at the server.
      const done = await runConnect(new Browser(), params.url!);
      return { action: done.status === 200 ? 'accept' : 'cancel' } as never;
    });
    await modern.connect(new ModernTransport(new URL(mcpUrl()), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    mcpClients.push(modern as unknown as Client);
    const result = await modern.callTool({ name: 'secure__whoami', arguments: {} });
    expect(asked).to.have.length(1);
    expect(asked[0]!.mode).to.equal('url');
    expect(asked[0]!.url!.startsWith(`${gateway.urls.proxy}/${gatewaySlug}/oauth/connect/secure?link=`)).to.equal(true);
    expect(textOf(result)).to.equal('frank-at-secure');

    // A 2026-07-28 client that cannot open URLs is told so (-32021), never given the link.
    const plain = new ModernClient({ name: 'upstream-oauth-plain', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await plain.connect(new ModernTransport(new URL(mcpUrl()), { requestInit: { headers: { authorization: `Bearer ${await gatewayToken('gina')}` } } }));
    mcpClients.push(plain as unknown as Client);
    const refused = await plain.callTool({ name: 'secure__whoami', arguments: {} }).then(() => undefined, (e: unknown) => e);
    expect((refused as { code?: number }).code, String(refused)).to.equal(-32021);
  });

  it('refuses a replayed callback, a callback from another browser and a forged link', async () => {
    const mcp = await connect(await gatewayToken('carol'));
    upstreamAs.user = 'carol-at-secure';
    const browser = new Browser();
    const first = await browser.fetch((await elicitation(mcp)).url);
    const back = await new Browser().fetch(first.headers.get('location')!);
    const callback = back.headers.get('location')!;
    expect(callback.startsWith(`${gateway.urls.proxy}/${gatewaySlug}/oauth/connect/secure/callback?`)).to.equal(true);
    // Another browser (no cookie from the start): refused, and the state is spent.
    expect((await new Browser().fetch(callback)).status).to.equal(403);
    expect((await browser.fetch(callback)).status).to.equal(400);
    expect((await new Browser().fetch(`${gateway.urls.proxy}/${gatewaySlug}/oauth/connect/secure?link=AAAA${'B'.repeat(60)}`)).status).to.equal(400);
    await elicitation(mcp);
  });

  it('refreshes a token about to expire, and asks the user to connect again when the refresh is refused', async () => {
    const mcp = await connect(await gatewayToken('dan'));
    upstreamAs.user = 'dan-at-secure';
    // Within the gateway's 30-second margin: refreshed before its next use.
    upstreamAs.expiresIn = 5;
    try {
      expect((await runConnect(new Browser(), (await elicitation(mcp)).url)).status).to.equal(200);
      upstreamAs.user = 'dan-refreshed';
      const refreshes = upstreamAs.grants.filter((g) => g === 'refresh_token').length;
      expect(textOf(await mcp.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('dan-refreshed');
      expect(upstreamAs.grants.filter((g) => g === 'refresh_token').length).to.be.greaterThan(refreshes);
      upstreamAs.refuseRefresh = true;
      expect((await elicitation(mcp)).url).to.contain('/oauth/connect/secure?link=');
    } finally {
      upstreamAs.refuseRefresh = false;
      upstreamAs.expiresIn = undefined;
    }
  });

  it('asks the user to connect again when the server refuses their token (revoked there)', async () => {
    const mcp = await connect(await gatewayToken('erin'));
    upstreamAs.user = 'erin-at-secure';
    expect((await runConnect(new Browser(), (await elicitation(mcp)).url)).status).to.equal(200);
    expect(textOf(await mcp.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('erin-at-secure');
    secure.revoked.add('erin-at-secure');
    expect((await elicitation(mcp)).url).to.contain('/oauth/connect/secure?link=');
    // Forgotten: the next call asks again without trying the refused token.
    const seen = secure.authorizations.length;
    await elicitation(mcp);
    expect(secure.authorizations.length).to.equal(seen);
  });

  it('keeps the user\'s upstream tokens across a restart', async () => {
    const anaToken = await gatewayToken('ana');
    const { dataDir, ports } = gateway;
    await Promise.all(mcpClients.splice(0).map((c) => c.close().catch(() => undefined)));
    await gateway.close();
    gateway = await startGatewayAt({ dataDir, proxyPort: ports.proxy, adminPort: ports.admin });
    const ana = await connect(anaToken);
    expect(textOf(await ana.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('ana-at-secure');
  });

  it('asks users to connect again when the registry moves to another client or authorization server', async () => {
    const ana = await connect(await gatewayToken('ana'));
    expect(textOf(await ana.callTool({ name: 'secure__whoami', arguments: {} }))).to.equal('ana-at-secure');
    const changed = await admin(gateway, 'PATCH', `/v1/gateways/${gatewayId}/registries/${registryId}`, { auth: { oauth: { issuer: upstreamAs.issuer, client_id: 'another-client' } } });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    await gateway.configChanged();
    const seen = secure.authorizations.length;
    expect((await elicitation(ana)).url).to.contain('/oauth/connect/secure?link=');
    expect(secure.authorizations.length, 'the old token is not sent for the new setting').to.equal(seen);
  });
});
