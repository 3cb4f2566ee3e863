/**
 * The proxy accepts the gateway's own OAuth access tokens on role_based consumers: the token's
 * audience must be that consumer's proxy base, its groups select roles against the current
 * snapshot on every request, and expired, tampered, foreign-audience and revoked-client tokens
 * are 401 with a Bearer challenge naming the resource metadata. The authorization server's state
 * survives a restart on the same data directory.
 */
import { expect } from 'chai';
import { SignJWT, decodeJwt, importJWK } from 'jose';
import OpenAI from 'openai';
import { OAUTH_COLLECTIONS } from '../../../core/oauth/oauth-records.js';
import { privateJwkOf } from '../../../core/oauth/signing-key.js';
import { startFakeOpenAI, type FakeOpenAI, type TestGateway } from '../../../core/testing/index.js';
import { admin, asMetadata, Browser, obtainTokens, registerClient, removeDataDir, startGatewayAt, startIdp, tokenRequest, type AsMetadata, type TestClient, type TestIdp } from './helpers/oauth-harness.js';

describe('oauth: the gateway\'s access tokens on the proxy', () => {
  let gateway: TestGateway;
  let idp: TestIdp;
  let openai: FakeOpenAI;
  let gatewayId: string;
  let gatewaySlug: string;
  let metadata: AsMetadata;
  let client: TestClient;
  let token: string;
  let analystsRoleId: string;
  let engineersRoleId: string;

  const proxy = () => gateway.urls.proxy!;
  const chat = (slug: string, credential: string) =>
    new OpenAI({ apiKey: credential, baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0 }).chat.completions
      .create({ model: 'auto', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
  const refusal = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;

  before(async () => {
    idp = await startIdp();
    openai = await startFakeOpenAI();
    gateway = await startGatewayAt();
    const gw = await gateway.seed.gateway();
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    const mini = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'mini', base_url: openai.url, apiKey: 'sk-mini', models: ['gpt-4o-mini'] });
    const big = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'big', base_url: openai.url, apiKey: 'sk-big', models: ['gpt-4o'] });
    const agents = await gateway.seed.consumer(gw.id, { slug: 'agents', routing_mode: 'role_based' });
    const other = await gateway.seed.consumer(gw.id, { slug: 'other', routing_mode: 'role_based' });
    analystsRoleId = (await gateway.seed.role(gw.id, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [mini._id] }, [agents.consumer._id, other.consumer._id]))._id;
    engineersRoleId = (await gateway.seed.role(gw.id, { name: 'engineers', match: { claim: 'groups', any_of: ['engineers'] }, registries: [big._id] }, [agents.consumer._id]))._id;
    await gateway.configChanged();
    const put = await admin(gateway, 'PUT', `/v1/gateways/${gw.id}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' });
    expect(put.status).to.equal(200);
    metadata = await asMetadata(proxy(), gatewaySlug);
    idp.user = { sub: 'alice', groups: ['analysts'] };
    client = await registerClient(metadata, { application_type: 'web' });
    token = (await obtainTokens(new Browser(), metadata, client, `${proxy()}/agents`, 'proxy')).access_token as string;
  });
  after(async () => {
    await gateway?.close();
    if (gateway) removeDataDir(gateway.dataDir);
    await Promise.all([idp?.close(), openai?.close()]);
  });

  /** A token signed with the gateway's own key, with `claims` over a valid token's. */
  async function forged(claims: Record<string, unknown>): Promise<string> {
    const record = await gateway.store!.collection(OAUTH_COLLECTIONS.configs).findOne({ gateway_id: gatewayId });
    const jwk = privateJwkOf(record!.signing_key as never, gateway.secretBox);
    const payload = { ...decodeJwt(token), ...claims };
    return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid }).sign(await importJWK(jwk as never, 'ES256'));
  }

  it('accepts the token on the role_based consumer it was issued for; its groups pick the role', async () => {
    expect(decodeJwt(token).aud).to.equal(`${proxy()}/agents`);
    const { data } = await chat('agents', token);
    expect(data.choices[0]!.message.content).to.equal('Hello from openai');
    expect(openai.requests.at(-1)!.headers.authorization).to.equal('Bearer sk-mini');
  });

  it('refuses it on another consumer (401 with the Bearer challenge), and refuses a token for the MCP endpoint on the proxy', async () => {
    const err = await refusal(chat('other', token));
    expect(err.status).to.equal(401);
    expect(err.headers!.get('www-authenticate')).to.equal(`Bearer resource_metadata="${proxy()}/.well-known/oauth-protected-resource/other", scope="proxy"`);
    const mcpToken = (await obtainTokens(new Browser(), metadata, client, `${proxy()}/agents/mcp`)).access_token as string;
    expect((await refusal(chat('agents', mcpToken))).status).to.equal(401);
  });

  it('refuses expired and tampered tokens with 401 and the challenge', async () => {
    const expired = await forged({ exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 700 });
    const err = await refusal(chat('agents', expired));
    expect(err.status).to.equal(401);
    expect(err.headers!.get('www-authenticate')).to.contain('resource_metadata=');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, groups: ['engineers'] })).toString('base64url')}.${s}`;
    expect((await refusal(chat('agents', tampered))).status).to.equal(401);
    // Signed by the gateway's key but for another audience: still refused.
    expect((await refusal(chat('agents', await forged({ aud: `${proxy()}/other` })))).status).to.equal(401);
    // The forging helper itself yields an accepted token when nothing is changed.
    expect((await chat('agents', await forged({}))).response.status).to.equal(200);
  });

  it('moving the user to another group (a role match changed through the admin API) takes effect on the next request with the same token', async () => {
    expect((await admin(gateway, 'PATCH', `/v1/gateways/${gatewayId}/roles/${analystsRoleId}`, { match: { claim: 'groups', any_of: ['nobody'] } })).status).to.equal(200);
    const err = await refusal(chat('agents', token));
    expect(err.status).to.equal(403);
    expect((await admin(gateway, 'PATCH', `/v1/gateways/${gatewayId}/roles/${engineersRoleId}`, { match: { claim: 'groups', any_of: ['engineers', 'analysts'] } })).status).to.equal(200);
    await chat('agents', token);
    expect(openai.requests.at(-1)!.headers.authorization).to.equal('Bearer sk-big');
    expect((await admin(gateway, 'PATCH', `/v1/gateways/${gatewayId}/roles/${analystsRoleId}`, { match: { claim: 'groups', any_of: ['analysts'] } })).status).to.equal(200);
  });

  it('the authorization server state survives a restart: the client, its grant, its signing key and its refresh token', async () => {
    const resource = `${proxy()}/agents`;
    const answer = await obtainTokens(new Browser(), metadata, client, resource, 'proxy offline_access', 'consent');
    expect(answer.refresh_token).to.be.a('string');
    const { dataDir, ports } = gateway;
    await gateway.close();
    gateway = await startGatewayAt({ dataDir, proxyPort: ports.proxy, adminPort: ports.admin });
    // The access token issued before the restart still verifies (same key, same issuer).
    expect((await chat('agents', answer.access_token)).response.status).to.equal(200);
    // The refresh token, its grant and the client are still in the store: it rotates.
    const refreshed = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: answer.refresh_token, client_id: client.client_id, resource });
    expect(refreshed.status, JSON.stringify(refreshed.body)).to.equal(200);
    expect(refreshed.body.refresh_token).to.be.a('string').and.not.equal(answer.refresh_token);
    expect((await chat('agents', refreshed.body.access_token)).response.status).to.equal(200);
    const clients = await admin(gateway, 'GET', `/v1/gateways/${gatewayId}/oauth/clients`);
    expect(clients.body.items.map((c: { client_id: string }) => c.client_id)).to.include(client.client_id);
  });

  it('revoking the client through the admin API stops its tokens at once, and its refresh tokens', async () => {
    const resource = `${proxy()}/agents`;
    const answer = await obtainTokens(new Browser(), metadata, client, resource, 'proxy offline_access', 'consent');
    expect(answer.refresh_token).to.be.a('string');
    expect((await chat('agents', answer.access_token)).response.status).to.equal(200);
    expect((await admin(gateway, 'DELETE', `/v1/gateways/${gatewayId}/oauth/clients/${client.client_id}`)).status).to.equal(204);
    expect((await refusal(chat('agents', answer.access_token))).status).to.equal(401);
    const refreshed = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: answer.refresh_token, client_id: client.client_id, resource });
    // The client itself is gone: its refresh token cannot even be presented.
    expect(refreshed.status).to.equal(401);
    expect(refreshed.body.error).to.equal('invalid_client');
  });
});
