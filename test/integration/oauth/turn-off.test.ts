/**
 * Turning a gateway's OAuth off: `DELETE /v1/gateways/{gateway_id}/oauth` removes the
 * configuration and the authorization server's state in one write. From the next snapshot on the
 * gateway answers as one that never had OAuth (its discovery documents and authorization server
 * paths, the 401 without a challenge), access tokens it issued are refused on the MCP endpoint
 * and the proxy, and the consumers' keys keep working. A later PUT starts afresh: a new signing key, no old clients, the
 * old tokens still refused. Compared throughout with a twin gateway that never had OAuth.
 */
import { expect } from 'chai';
import { decodeProtectedHeader } from 'jose';
import OpenAI from 'openai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAUTH_COLLECTIONS } from '../../../core/oauth/oauth-records.js';
import { OAuthStateStore } from '../../../core/oauth/store-adapter.js';
import { UPSTREAM_OAUTH_COLLECTIONS } from '../../../core/oauth/upstream/user-token-store.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../core/testing/index.js';
import { startGithub } from '../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { AdminClient } from '../admin/helpers/admin-client.js';
import { startAdminHarness, type AdminHarness } from '../admin/helpers/admin-harness.js';
import { asMetadata, Browser, obtainTokens, registerClient, startIdp, tokenRequest, type AsMetadata, type TestIdp } from './helpers/oauth-harness.js';

const ok = AdminClient.expectStatus;
const GITHUB_TOOLS = ['github__create_issue', 'github__get_issue', 'github__search_issues'];

describe('oauth: turning a gateway\'s OAuth off (DELETE /v1/gateways/{id}/oauth)', function () {
  this.timeout(60_000);
  let h: AdminHarness;
  let idp: TestIdp;
  let github: TinyMcpServer;
  let openai: FakeOpenAI;
  let proxy: string;
  /** The gateway whose OAuth is turned off, its consumer `agents` (role_based, one role for every caller). */
  let gw: { id: string; slug: string };
  let agentsKey: string;
  /** A gateway that never had OAuth, its consumer `bystanders`: what "never had OAuth" looks like. */
  let twin: { id: string; slug: string };
  const idpSecret = 'idp-secret-turned-off-0001';
  const clients: Client[] = [];

  const mcpUrl = (slug: string) => `${proxy}/${slug}/mcp`;
  const oauthOf = (id: string) => `/v1/gateways/${id}/oauth`;
  const putOAuth = async () => ok(await h.tenantA.put(oauthOf(gw.id), { issuer: idp.issuer, client_id: 'portcullis', client_secret: idpSecret }), 200);
  const initialize = (slug: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl(slug), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });
  /** The official SDK client on the MCP endpoint with these headers. */
  async function sdkClient(slug: string, headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: 'oauth-off', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl(slug)), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }
  /** A chat completion through the proxy with the official OpenAI SDK: its status (the refusal's, when refused) and challenge. */
  async function chat(slug: string, credential: string): Promise<{ status: number; challenge: string | null }> {
    const sdk = new OpenAI({ apiKey: credential, baseURL: `${proxy}/${slug}/v1`, maxRetries: 0 });
    try {
      const { response } = await sdk.chat.completions.create({ model: 'auto', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
      return { status: response.status, challenge: response.headers.get('www-authenticate') };
    } catch (err) {
      if (!(err instanceof OpenAI.APIError)) throw err;
      return { status: err.status!, challenge: err.headers?.get('www-authenticate') ?? null };
    }
  }
  const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();
  /** A new user's access token for the MCP endpoint of `agents`, through the whole flow (registration, login, consent, code). */
  async function mcpToken(): Promise<{ token: string; clientId: string; metadata: AsMetadata }> {
    const metadata = await asMetadata(proxy, gw.slug);
    const client = await registerClient(metadata, { application_type: 'web' });
    const answer = await obtainTokens(new Browser(), metadata, client, mcpUrl('agents'), 'mcp:tools offline_access', 'consent');
    return { token: answer.access_token as string, clientId: client.client_id, metadata };
  }
  /** Status, content type and body of a proxy-port answer, without the fields that differ per request. */
  async function answerOf(response: Response): Promise<{ status: number; type: string | null; body: unknown; challenge: string | null }> {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: compared as text.
    }
    if (body && typeof body === 'object') body = JSON.parse(JSON.stringify(body).replaceAll(gw.slug, '{slug}').replaceAll(twin.slug, '{slug}').replaceAll('agents', '{consumer}').replaceAll('bystanders', '{consumer}'));
    return { status: response.status, type: response.headers.get('content-type'), body, challenge: response.headers.get('www-authenticate') };
  }
  const configCount = () => h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).count({ gateway_id: gw.id });
  const stateCount = () => h.gateway.store!.collection(OAUTH_COLLECTIONS.state).count({ gateway_id: gw.id });

  before(async () => {
    idp = await startIdp();
    github = await startGithub();
    openai = await startFakeOpenAI();
    h = await startAdminHarness({ planes: ['admin', 'proxy'] });
    h.secrets.add(idpSecret);
    proxy = h.gateway.urls.proxy!;
    gw = await h.newGateway();
    twin = await h.newGateway();
    const registry = await h.gateway.seed.registry(gw.id, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const llm = await h.gateway.seed.registry(gw.id, { provider: 'openai', slug: 'mini', base_url: openai.url, apiKey: 'sk-mini', models: ['gpt-4o-mini'] });
    const agents = await h.gateway.seed.consumer(gw.id, { slug: 'agents', routing_mode: 'role_based' });
    agentsKey = agents.key;
    h.rememberKey(agentsKey);
    await h.gateway.seed.role(gw.id, { name: 'everyone', registries: [registry._id, llm._id] }, [agents.consumer._id]);
    const twinRegistry = await h.gateway.seed.registry(twin.id, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const bystanders = await h.gateway.seed.consumer(twin.id, { slug: 'bystanders', routing_mode: 'role_based' });
    await h.gateway.seed.role(twin.id, { name: 'everyone', registries: [twinRegistry._id] }, [bystanders.consumer._id]);
    await h.gateway.configChanged();
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await h?.close();
    await Promise.all([idp?.close(), github?.close(), openai?.close()]);
  });

  it('is 404 not_found, as GET is, on a gateway without OAuth', async () => {
    const get = await h.tenantA.get(oauthOf(twin.id));
    const del = await h.tenantA.delete(oauthOf(twin.id));
    expect(del.status).to.equal(404);
    expect(del.body.error).to.equal('not_found');
    expect(del.body).to.deep.equal(get.body);
  });

  it('is refused to a caller who may not PUT it (another tenant: 404; no token: 401), and then changes nothing', async () => {
    await putOAuth();
    expect((await h.tenantB.put(oauthOf(gw.id), { issuer: idp.issuer, client_id: 'x', client_secret: 's' })).status).to.equal(404);
    const foreign = await h.tenantB.delete(oauthOf(gw.id));
    expect(foreign.status).to.equal(404);
    expect(foreign.body.error).to.equal('not_found');
    expect(foreign.body.message).to.equal(`gateway ${gw.id} not found`);
    expect((await h.anonymous.delete(oauthOf(gw.id))).status).to.equal(401);
    ok(await h.tenantA.get(oauthOf(gw.id)), 200);
    expect(await configCount()).to.equal(1);
  });

  describe('after OAuth was in use', () => {
    let issued: { token: string; clientId: string; metadata: AsMetadata };
    /** An access token for the proxy base of `agents` (scope `proxy`). */
    let proxyToken: string;
    let refreshToken: string;
    let heldSession: Client;
    let oldKid: string | undefined;
    let revision: number;

    before(async () => {
      idp.user = { sub: 'alice', groups: ['analysts'] };
      issued = await mcpToken();
      proxyToken = (await obtainTokens(new Browser(), issued.metadata, await registerClient(issued.metadata, { application_type: 'web' }), `${proxy}/agents`, 'proxy')).access_token as string;
    });

    it('the token, a session opened with it and the consumer key all work before the DELETE', async () => {
      heldSession = await sdkClient('agents', { authorization: `Bearer ${issued.token}` });
      expect(await toolNames(heldSession)).to.deep.equal(GITHUB_TOOLS);
      expect(await toolNames(await sdkClient('agents', { 'x-api-key': agentsKey }))).to.deep.equal(GITHUB_TOOLS);
      const challenge = await initialize('agents');
      expect(challenge.status).to.equal(401);
      expect(challenge.headers.get('www-authenticate')).to.contain('resource_metadata=');
      oldKid = decodeProtectedHeader(issued.token).kid;
      expect(await chat('agents', proxyToken)).to.deep.equal({ status: 200, challenge: null });
      expect(await chat('agents', agentsKey)).to.deep.equal({ status: 200, challenge: null });
      const page = ok(await h.tenantA.get(`${oauthOf(gw.id)}/clients`), 200);
      expect(page.total).to.be.greaterThan(0);
      expect(await stateCount()).to.be.greaterThan(0);
      const refreshing = await obtainTokens(new Browser(), issued.metadata, await registerClient(issued.metadata, { application_type: 'web' }), mcpUrl('agents'), 'mcp:tools offline_access', 'consent');
      refreshToken = refreshing.refresh_token as string;
      expect(refreshToken).to.be.a('string');
      // A client revoked before: its revocation goes with the configuration.
      const unwanted = await registerClient(issued.metadata);
      expect((await h.tenantA.delete(`${oauthOf(gw.id)}/clients/${unwanted.client_id}`)).status).to.equal(204);
      revision = h.gateway.holder.current.revision;
    });

    it('DELETE answers 204 and removes the configuration and every artifact of the authorization server in one write', async () => {
      // A user's own token at an upstream MCP server belongs to the registry, not to the authorization server.
      const userTokens = h.gateway.store!.collection(UPSTREAM_OAUTH_COLLECTIONS.tokens);
      await userTokens.insertOne({ _id: 'kept-user-token', gateway_id: gw.id, registry_id: 'r', user_key: `oauth:${gw.id}:alice#alice`, access_token_sealed: h.gateway.secretBox.seal('upstream-token'), updated_at: new Date().toISOString() });
      const linesBefore = h.logs.lines.length;
      const del = await h.tenantA.delete(oauthOf(gw.id));
      expect(del.status, JSON.stringify(del.body)).to.equal(204);
      expect(del.body).to.equal(undefined);
      expect(await configCount()).to.equal(0);
      expect(await stateCount()).to.equal(0);
      expect(await userTokens.count({ _id: 'kept-user-token' })).to.equal(1);
      await userTokens.deleteOne({ _id: 'kept-user-token' });
      // Recorded as every admin write is: one batch, one revision, one log line naming its ops.
      expect(h.gateway.holder.current.revision).to.equal(revision + 1);
      const written = h.logs.lines.slice(linesBefore).map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.message === 'admin config written');
      expect(written.map((line) => line.ops)).to.deep.equal([['delete oauth_state', 'delete oauth_configs']]);
      // GET and the clients' listing are 404 as before the first PUT; a second DELETE too.
      for (const path of [oauthOf(gw.id), `${oauthOf(gw.id)}/clients`]) {
        const gone = await h.tenantA.get(path);
        expect(gone.status, path).to.equal(404);
        expect(gone.body.error).to.equal('not_found');
      }
      const again = await h.tenantA.delete(oauthOf(gw.id));
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal({ error: 'not_found', message: `gateway ${gw.id} has no OAuth configuration` });
    });

    it('the discovery documents and the authorization server\'s endpoints answer as for a gateway that never had OAuth', async () => {
      const pairs: Array<[string, string, RequestInit?]> = [
        [`/.well-known/oauth-authorization-server/${gw.slug}/oauth`, `/.well-known/oauth-authorization-server/${twin.slug}/oauth`],
        [`/.well-known/openid-configuration/${gw.slug}/oauth`, `/.well-known/openid-configuration/${twin.slug}/oauth`],
        ['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server'],
        ['/.well-known/oauth-protected-resource/agents/mcp', '/.well-known/oauth-protected-resource/bystanders/mcp'],
        ['/.well-known/oauth-protected-resource/agents', '/.well-known/oauth-protected-resource/bystanders'],
        ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource'],
      ];
      for (const endpoint of ['registration_endpoint', 'authorization_endpoint', 'token_endpoint', 'revocation_endpoint', 'jwks_uri'] as const) {
        const path = new URL(issued.metadata[endpoint] as string).pathname;
        const method = endpoint === 'authorization_endpoint' || endpoint === 'jwks_uri' ? 'GET' : 'POST';
        pairs.push([path, path.replace(`/${gw.slug}/`, `/${twin.slug}/`), { method }]);
      }
      for (const [path, twinPath, init] of pairs) {
        const [mine, never] = await Promise.all([answerOf(await fetch(`${proxy}${path}`, init)), answerOf(await fetch(`${proxy}${twinPath}`, init))]);
        expect(mine.status, path).to.equal(404);
        expect(mine, path).to.deep.equal(never);
      }
      // The refresh token of before is refused at the token endpoint too: there is no token endpoint.
      const refreshed = await fetch(issued.metadata.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: issued.clientId }).toString() });
      expect(refreshed.status).to.equal(404);
    });

    it('access tokens it issued are refused on the MCP endpoint (a session opened with one too), with the same 401 as a gateway without OAuth', async () => {
      const refused = await initialize('agents', { authorization: `Bearer ${issued.token}` });
      const never = await initialize('bystanders', { authorization: `Bearer ${issued.token}` });
      expect(await answerOf(refused)).to.deep.equal(await answerOf(never));
      expect(refused.status).to.equal(401);
      expect(refused.headers.get('www-authenticate')).to.equal(null);
      const failed = await heldSession.listTools().then(() => undefined, (err: unknown) => err as Error);
      expect(failed, 'the session opened with the token is refused').to.be.instanceOf(Error);
      expect((failed as Error & { code?: number }).code).to.equal(401);
      expect(failed!.message).to.contain('missing or invalid API key');
      // Without credentials: 401 and no challenge, as for the twin.
      expect(await answerOf(await initialize('agents'))).to.deep.equal(await answerOf(await initialize('bystanders')));
      // On the proxy too: the token for the consumer's proxy base is refused, without a challenge.
      expect(await chat('agents', proxyToken)).to.deep.equal({ status: 401, challenge: null });
    });

    it('the consumer key keeps working, on the MCP endpoint and the proxy', async () => {
      expect(await chat('agents', agentsKey)).to.deep.equal({ status: 200, challenge: null });
      expect(await toolNames(await sdkClient('agents', { 'x-api-key': agentsKey }))).to.deep.equal(GITHUB_TOOLS);
      expect(await toolNames(await sdkClient('agents', { authorization: `Bearer ${agentsKey}` }))).to.deep.equal(GITHUB_TOOLS);
    });

    it('a later PUT starts afresh: a new signing key, no old clients (not even one a request in flight wrote late), the old token still refused', async () => {
      // A registration that was in flight when OAuth was turned off lands after the DELETE.
      await new OAuthStateStore(h.gateway.store!, gw.id).upsert('Client', 'late-client', { client_id: 'late-client', redirect_uris: ['https://late.example/cb'], client_id_issued_at: 1_800_000_000 });
      // As a first PUT: the client secret went with the configuration.
      AdminClient.expectRefusal(await h.tenantA.put(oauthOf(gw.id), { issuer: idp.issuer, client_id: 'portcullis' }), '/client_secret');
      await putOAuth();
      const page = ok(await h.tenantA.get(`${oauthOf(gw.id)}/clients`), 200);
      expect(page.total).to.equal(0);
      expect(page.items).to.deep.equal([]);
      const stored = await h.gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gw.id });
      expect(stored!.revoked_clients).to.deep.equal([]);
      // The old client is unknown to the new server.
      const metadata = await asMetadata(proxy, gw.slug);
      expect(metadata.issuer).to.equal(issued.metadata.issuer);
      const oldClient = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: issued.clientId });
      expect(oldClient.body.error).to.be.oneOf(['invalid_client', 'invalid_grant']);
      // Same issuer, same audience, but signed with the key of before: refused.
      const stale = await initialize('agents', { authorization: `Bearer ${issued.token}` });
      expect(stale.status).to.equal(401);
      expect(stale.headers.get('www-authenticate')).to.contain('resource_metadata=');
      // A new login works, signed with a new key.
      idp.user = { sub: 'alice', groups: ['analysts'] };
      const fresh = await mcpToken();
      expect(decodeProtectedHeader(fresh.token).kid).to.be.a('string').and.not.equal(oldKid);
      expect(await toolNames(await sdkClient('agents', { authorization: `Bearer ${fresh.token}` }))).to.deep.equal(GITHUB_TOOLS);
      expect(await toolNames(await sdkClient('agents', { 'x-api-key': agentsKey }))).to.deep.equal(GITHUB_TOOLS);
    });

    it('turning it off again and then deleting the gateway still works', async () => {
      expect((await h.tenantA.delete(oauthOf(gw.id))).status).to.equal(204);
      expect((await h.platform.delete(`/v1/gateways/${gw.id}`)).status).to.equal(204);
      expect(await configCount()).to.equal(0);
      expect(await stateCount()).to.equal(0);
      expect((await h.tenantA.delete(oauthOf(gw.id))).status).to.equal(404);
      expect((await initialize('agents', { 'x-api-key': agentsKey })).status).to.equal(401);
    });
  });
});
