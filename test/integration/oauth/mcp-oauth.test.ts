/**
 * OAuth on the MCP endpoint with the official MCP SDK client: an unauthenticated request is 401
 * with `WWW-Authenticate: Bearer resource_metadata="...", scope="mcp:tools"` (never an empty tool
 * list); a client with a scripted OAuthClientProvider follows it to the resource metadata,
 * discovers the gateway's authorization server, registers itself, logs in at the identity
 * provider, consents, gets a token for exactly this endpoint and lists exactly the tools its
 * groups' roles allow; a token for another consumer, an expired one and a tampered one are 401.
 */
import { expect } from 'chai';
import { SignJWT, decodeJwt, importJWK } from 'jose';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport as LegacyTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport, type OAuthClientProvider as ModernOAuthClientProvider } from '@modelcontextprotocol/client';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAUTH_COLLECTIONS } from '../../../core/oauth/oauth-records.js';
import { privateJwkOf } from '../../../core/oauth/signing-key.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startGithub, startJira } from '../../fixtures/mcp/toolkit-servers.js';
import type { TinyMcpServer } from '../../fixtures/mcp/tiny-mcp-server.js';
import { inspectorCli } from '../mcp/endpoint/support/inspector-cli.js';
import { admin, asMetadata, Browser, consent, obtainTokens, registerClient, startIdp, type TestIdp } from './helpers/oauth-harness.js';

/** An MCP client's OAuth side, scripted: its "browser" follows the redirects and consents. */
class ScriptedOAuthProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:9/mcp-callback';
  private info?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier?: string;
  readonly browser = new Browser();
  /** The code the last authorization came back with, and the whole callback. */
  code?: string;
  callback?: URLSearchParams;
  /** The authorization URL the SDK built. */
  authorizationUrl?: URL;

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'Scripted MCP agent', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', application_type: 'native' } as OAuthClientMetadata;
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier!;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const client = { client_id: String(this.info!.client_id), redirect_uri: this.redirectUrl };
    const { response, url: reached } = await this.browser.follow(url.href, this.redirectUrl);
    let callback = reached.startsWith(this.redirectUrl) ? new URL(reached).searchParams : undefined;
    if (!callback) callback = (await consent(this.browser, { response, url: reached, verifier: '', state: '' }, client)).callback;
    this.callback = callback;
    this.code = callback?.get('code') ?? undefined;
  }
}

describe('oauth: the MCP endpoint with the official SDK client', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let idp: TestIdp;
  let github: TinyMcpServer;
  let jira: TinyMcpServer;
  let gatewayId: string;
  let gatewaySlug: string;
  const clients: Array<{ close(): Promise<void> }> = [];
  const mcpUrl = (slug: string) => `${gateway.proxyUrl(slug)}/mcp`;
  const rawPost = (slug: string, headers: Record<string, string> = {}) =>
    fetch(mcpUrl(slug), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    });

  /** Connects the SDK client with the scripted provider, going through the authorization once. */
  async function connectWithOAuth(provider: ScriptedOAuthProvider, slug: string): Promise<LegacyClient> {
    const first = new LegacyClient({ name: 'oauth-e2e', version: '1.0.0' });
    const transport = new LegacyTransport(new URL(mcpUrl(slug)), { authProvider: provider });
    const refused = await first.connect(transport).then(() => undefined, (err: unknown) => err);
    if (refused) {
      expect(refused).to.be.instanceOf(UnauthorizedError);
      expect(provider.code, 'the scripted browser came back with a code').to.be.a('string');
      await transport.finishAuth(provider.code!);
    }
    const client = new LegacyClient({ name: 'oauth-e2e', version: '1.0.0' });
    await client.connect(new LegacyTransport(new URL(mcpUrl(slug)), { authProvider: provider }));
    clients.push(client);
    return client;
  }

  before(async () => {
    idp = await startIdp();
    github = await startGithub();
    jira = await startJira();
    gateway = await createTestGateway({ planes: ['admin', 'proxy'] });
    const gw = await gateway.seed.gateway();
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    const gh = await gateway.seed.registry(gw.id, { provider: 'mcp', type: 'MCP', slug: 'github', base_url: github.url });
    const jr = await gateway.seed.registry(gw.id, { provider: 'mcp', type: 'MCP', slug: 'jira', base_url: jira.url });
    const agents = await gateway.seed.consumer(gw.id, { slug: 'agents', routing_mode: 'role_based' });
    await gateway.seed.consumer(gw.id, { slug: 'other', routing_mode: 'role_based' });
    await gateway.seed.role(gw.id, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [gh._id] }, [agents.consumer._id]);
    await gateway.seed.role(gw.id, { name: 'engineers', match: { claim: 'groups', any_of: ['engineers'] }, registries: [jr._id] }, [agents.consumer._id]);
    await gateway.configChanged();
    expect((await admin(gateway, 'PUT', `/v1/gateways/${gw.id}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' })).status).to.equal(200);
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await gateway?.close();
    await Promise.all([idp?.close(), github?.close(), jira?.close()]);
  });

  it('answers an unauthenticated request with 401 and the discovery challenge, never an empty tool list', async () => {
    const res = await rawPost('agents');
    expect(res.status).to.equal(401);
    expect(res.headers.get('www-authenticate')).to.equal(`Bearer resource_metadata="${gateway.urls.proxy}/.well-known/oauth-protected-resource/agents/mcp", scope="mcp:tools"`);
    const prm = (await (await fetch(`${gateway.urls.proxy}/.well-known/oauth-protected-resource/agents/mcp`)).json()) as Record<string, unknown>;
    expect(prm.resource).to.equal(mcpUrl('agents'));
  });

  it('the SDK client discovers, registers, logs in, consents and lists exactly the tools its groups allow', async () => {
    idp.user = { sub: 'ana', groups: ['analysts'] };
    const provider = new ScriptedOAuthProvider();
    const client = await connectWithOAuth(provider, 'agents');
    expect(provider.authorizationUrl!.searchParams.get('resource')).to.equal(mcpUrl('agents'));
    expect(provider.authorizationUrl!.searchParams.get('code_challenge_method')).to.equal('S256');
    expect(provider.authorizationUrl!.href.startsWith(`${gateway.urls.proxy}/${gatewaySlug}/oauth/`)).to.equal(true);
    const token = provider.tokens()!.access_token;
    expect(decodeJwt(token).aud).to.equal(mcpUrl('agents'));
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);

    // Another user, in another group, sees the other role's tools.
    idp.user = { sub: 'eng', groups: ['engineers'] };
    const second = await connectWithOAuth(new ScriptedOAuthProvider(), 'agents');
    expect((await second.listTools()).tools.map((t) => t.name).sort()).to.deep.equal(['jira__create_ticket', 'jira__search']);
  });

  it('the SDK v2 client pinned to 2026-07-28 does the same, checking the iss of the authorization response (RFC 9207)', async () => {
    idp.user = { sub: 'ana', groups: ['analysts'] };
    const provider = new ScriptedOAuthProvider();
    const modern = () => new ModernClient({ name: 'oauth-modern', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new ModernTransport(new URL(mcpUrl('agents')), { authProvider: provider as unknown as ModernOAuthClientProvider });
    const refused = await modern().connect(transport).then(() => undefined, (err: unknown) => err);
    expect(refused, 'the first connect needs a login').to.be.instanceOf(Error);
    expect(provider.callback?.get('iss')).to.equal(`${gateway.urls.proxy}/${gatewaySlug}/oauth`);
    await transport.finishAuth(provider.callback!);
    const client = modern();
    await client.connect(new ModernTransport(new URL(mcpUrl('agents')), { authProvider: provider as unknown as ModernOAuthClientProvider }));
    clients.push(client);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
  });

  it('refuses a token for another consumer, an expired token and a tampered one with 401 and the challenge', async () => {
    idp.user = { sub: 'ana', groups: ['analysts'] };
    const metadata = await asMetadata(gateway.urls.proxy!, gatewaySlug);
    const registered = await registerClient(metadata, { application_type: 'web' });
    const token = (await obtainTokens(new Browser(), metadata, registered, mcpUrl('agents'))).access_token as string;
    expect((await rawPost('agents', { authorization: `Bearer ${token}` })).status).to.equal(200);
    // The inspector CLI with the token as its header lists the same role's tools.
    const listed = await inspectorCli(mcpUrl('agents'), { authorization: `Bearer ${token}` }, ['--method', 'tools/list']);
    expect((listed.tools as Array<{ name: string }>).map((t) => t.name).sort()).to.deep.equal(['github__create_issue', 'github__get_issue', 'github__search_issues']);
    const elsewhere = await rawPost('other', { authorization: `Bearer ${token}` });
    expect(elsewhere.status).to.equal(401);
    expect(elsewhere.headers.get('www-authenticate')).to.contain('/.well-known/oauth-protected-resource/other/mcp');

    const record = await gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gatewayId });
    const jwk = privateJwkOf(record!.signing_key as never, gateway.secretBox);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...decodeJwt(token), iat: now - 700, exp: now - 60 }).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid }).sign(await importJWK(jwk as never, 'ES256'));
    const late = await rawPost('agents', { authorization: `Bearer ${expired}` });
    expect(late.status).to.equal(401);
    expect(late.headers.get('www-authenticate')).to.contain('resource_metadata=');
    const [h, , s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), groups: ['engineers'] })).toString('base64url')}.${s}`;
    expect((await rawPost('agents', { authorization: `Bearer ${tampered}` })).status).to.equal(401);
  });
});
