/**
 * OIDC identity tokens on the proxy: an `oidc` auth attached to a consumer accepts the
 * issuer's JWTs as bearer credentials (signature, issuer, audience, expiry), the groups claim
 * selects roles on role_based consumers, refusals are 401 in the client's format, and the
 * issuer's keys are fetched once per config snapshot, not per request.
 */
import Anthropic from '@anthropic-ai/sdk';
import { expect } from 'chai';
import OpenAI from 'openai';
import { OIDC_EXTENSION, OidcDirectory } from '../../../core/proxy/auth/oidc-directory.js';
import { COLLECTIONS } from '../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../../fixtures/providers/anthropic/server.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { startFakeIssuer, type FakeIssuer } from '../../fixtures/oidc/fake-issuer.js';

describe('proxy: OIDC bearer tokens', () => {
  let gateway: TestGateway;
  let issuer: FakeIssuer;
  let discoveredIssuer: FakeIssuer;
  let openai: FakeOpenAI;
  let anthropic: FakeAnthropic;
  let gatewayId: string;
  let gatewaySlug: string;
  let otherGatewaySlug: string;
  let apiKey: string;
  let ssoAuthId: string;

  const chat = (slug: string, token: string, model = 'auto', headers: Record<string, string> = {}) =>
    new OpenAI({ apiKey: token, baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0, defaultHeaders: headers }).chat.completions
      .create({ model, messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();

  const refusal = async (promise: Promise<unknown>) => (await promise.then(() => undefined, (e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;

  before(async () => {
    issuer = await startFakeIssuer('portcullis');
    discoveredIssuer = await startFakeIssuer('portcullis-discovery');
    openai = await startFakeOpenAI();
    anthropic = await startFakeAnthropic();
    gateway = await createTestGateway({ planes: ['proxy'] });
    const gw = await gateway.seed.gateway();
    gatewayId = gw.id;
    gatewaySlug = gw.slug;
    otherGatewaySlug = (await gateway.seed.gateway()).slug;
    const gpt = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'gpt', base_url: openai.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const claude = await gateway.seed.registry(gw.id, { provider: 'anthropic', slug: 'claude', base_url: anthropic.url, apiKey: 'sk-ant', models: ['claude-sonnet-4-5'] });

    // An inline consumer with a key and an OIDC auth (explicit jwks_uri).
    const inline = await gateway.seed.consumer(gw.id, { slug: 'inline', registries: [{ registry_id: gpt._id, weight: 1 }] });
    apiKey = inline.key;
    const sso = await gateway.seed.auth(gw.id, { type: 'oidc', name: 'sso', oidc: { issuer: issuer.issuer, audience: 'portcullis', jwks_uri: issuer.jwksUri, groups_claim: 'groups' } }, [inline.consumer._id]);
    ssoAuthId = sso._id;

    // A role_based consumer: the groups claim picks the role, the role picks the registry.
    const roles = await gateway.seed.consumer(gw.id, { slug: 'teams', routing_mode: 'role_based' });
    await gateway.seed.auth(gw.id, { type: 'oidc', name: 'sso teams', oidc: { issuer: issuer.issuer, audience: 'portcullis', jwks_uri: issuer.jwksUri, groups_claim: 'realm_access.roles' } }, [roles.consumer._id]);
    await gateway.seed.role(gw.id, { name: 'analysts', match: { claim: 'groups', any_of: ['analysts'] }, registries: [gpt._id] }, [roles.consumer._id]);
    await gateway.seed.role(gw.id, { name: 'engineers', match: { claim: 'groups', any_of: ['engineers'] }, registries: [claude._id] }, [roles.consumer._id]);

    // A consumer whose auth names only the issuer: keys come from discovery.
    const discovered = await gateway.seed.consumer(gw.id, { slug: 'discovered', registries: [{ registry_id: gpt._id, weight: 1 }] });
    await gateway.seed.auth(gw.id, { type: 'oidc', name: 'discovered', oidc: { issuer: discoveredIssuer.issuer, audience: 'portcullis-discovery' } }, [discovered.consumer._id]);

    // A consumer without OIDC.
    await gateway.seed.consumer(gw.id, { slug: 'keys-only', registries: [{ registry_id: gpt._id, weight: 1 }] });
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await Promise.all([issuer?.close(), discoveredIssuer?.close(), openai?.close(), anthropic?.close()]);
  });

  it('accepts a valid token as Authorization: Bearer, next to the consumer key', async () => {
    const { data, response } = await chat('inline', await issuer.token({ groups: ['anyone'] }));
    expect(data.choices[0]!.message.content).to.equal('Hello from openai');
    expect(response.headers.get('x-selected-provider')).to.equal('openai');
    expect(openai.requests.at(-1)!.headers.authorization).to.equal('Bearer sk-up');
    const withKey = await chat('inline', apiKey);
    expect(withKey.response.status).to.equal(200);
  });

  it('refuses an expired token, a wrong audience, a foreign signature and an unknown issuer with 401', async () => {
    const before = openai.requests.length;
    const tokens = [
      await issuer.token({}, { expiresIn: -120 }),
      await issuer.token({}, { audience: 'someone-else' }),
      await issuer.token({}, { foreignKey: true }),
      await issuer.token({}, { issuer: 'https://idp.invalid' }),
      'eyJhbGciOiJub25lIn0.eyJpc3MiOiJ4In0.',
    ];
    for (const token of tokens) {
      const err = await refusal(chat('inline', token));
      expect(err, token).to.be.instanceOf(OpenAI.AuthenticationError);
      expect(err.status).to.equal(401);
      expect((err.error as { message: string }).message).to.be.a('string');
      expect(err.headers?.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    }
    expect(openai.requests.length).to.equal(before);
  });

  it('refuses a valid token on a consumer its auth is not attached to', async () => {
    const err = await refusal(chat('keys-only', await issuer.token()));
    expect(err).to.be.instanceOf(OpenAI.AuthenticationError);
  });

  it('answers the refusal in the client format (Anthropic error on /v1/messages)', async () => {
    const client = new Anthropic({ authToken: await issuer.token({}, { expiresIn: -120 }), apiKey: null, baseURL: gateway.proxyUrl('inline'), maxRetries: 0 });
    const err = (await client.messages.create({ model: 'auto', max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<
      typeof Anthropic.APIError
    >;
    expect(err).to.be.instanceOf(Anthropic.AuthenticationError);
    expect(err.error).to.deep.include({ type: 'error' });
    expect((err.error as { error: { type: string } }).error.type).to.equal('authentication_error');
  });

  it('selects roles from the groups claim (a nested claim path here)', async () => {
    const analyst = await issuer.token({ realm_access: { roles: ['analysts'] } });
    const engineer = await issuer.token({ realm_access: { roles: ['engineers'] } });
    const a = await chat('teams', analyst);
    expect(a.response.headers.get('x-selected-provider')).to.equal('openai');
    expect(a.response.headers.get('x-selected-model')).to.equal('gpt-4o-mini');
    const e = await chat('teams', engineer);
    expect(e.response.headers.get('x-selected-provider')).to.equal('anthropic');
    expect(e.response.headers.get('x-selected-model')).to.equal('claude-sonnet-4-5');
    // A model of the other role's registry is refused before any upstream call.
    const before = anthropic.requests.length + openai.requests.length;
    const err = await refusal(chat('teams', analyst, 'claude-sonnet-4-5'));
    expect(err.status).to.equal(403);
    expect(anthropic.requests.length + openai.requests.length).to.equal(before);
  });

  it('refuses a caller whose groups select no role with 403, upstream untouched', async () => {
    const before = anthropic.requests.length + openai.requests.length;
    const err = await refusal(chat('teams', await issuer.token({ realm_access: { roles: ['visitors'] } })));
    expect(err).to.be.instanceOf(OpenAI.PermissionDeniedError);
    expect(err.message).to.contain('no role');
    expect(anthropic.requests.length + openai.requests.length).to.equal(before);
  });

  it('lists only the models of the roles the token selects', async () => {
    const list = async (token: string) => {
      const response = await fetch(`${gateway.proxyUrl('teams')}/v1/models`, { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: Array<{ id: string; owned_by: string }> }).data;
    };
    expect(await list(await issuer.token({ realm_access: { roles: ['analysts'] } }))).to.deep.equal([{ id: 'gpt-4o-mini', object: 'model', owned_by: 'openai' }]);
    expect((await list(await issuer.token({ realm_access: { roles: ['engineers', 'analysts'] } }))).map((m) => m.id)).to.have.members(['gpt-4o-mini', 'claude-sonnet-4-5']);
  });

  it('finds the keys through discovery when the auth names only the issuer', async () => {
    const { response } = await chat('discovered', await discoveredIssuer.token());
    expect(response.status).to.equal(200);
    expect(discoveredIssuer.fetches.discovery).to.equal(1);
    const wrongAudience = await refusal(chat('discovered', await discoveredIssuer.token({}, { audience: 'portcullis' })));
    expect(wrongAudience.status).to.equal(401);
  });

  it('fetches the issuer keys once per config snapshot, not per request', async () => {
    await gateway.configChanged();
    const directory = gateway.holder.current.extensions.get(OIDC_EXTENSION);
    expect(directory, 'compiled with the snapshot').to.be.instanceOf(OidcDirectory);
    expect((directory as OidcDirectory).forIssuer(issuer.issuer)).to.have.length(2);
    const fetchesBefore = issuer.fetches.jwks;
    const token = await issuer.token();
    for (let i = 0; i < 5; i++) expect((await chat('inline', token)).response.status).to.equal(200);
    expect(issuer.fetches.jwks - fetchesBefore).to.equal(1);
    // A config change is a new snapshot with its own key sets.
    await gateway.seed.update(COLLECTIONS.auths, ssoAuthId, { $set: { name: 'sso renamed' } });
    await gateway.configChanged();
    for (let i = 0; i < 3; i++) expect((await chat('inline', token)).response.status).to.equal(200);
    expect(issuer.fetches.jwks - fetchesBefore).to.equal(2);
  });

  it('honours X-AG-Gateway-Slug: the token is accepted for its own gateway only', async () => {
    const token = await issuer.token();
    const own = await chat('inline', token, 'auto', { 'x-ag-gateway-slug': gatewaySlug });
    expect(own.response.status).to.equal(200);
    const other = await refusal(chat('inline', token, 'auto', { 'x-ag-gateway-slug': otherGatewaySlug }));
    expect(other.status).to.equal(401);
    const unknown = await refusal(chat('inline', token, 'auto', { 'x-ag-gateway-slug': 'no-such-gateway' }));
    expect(unknown.status).to.equal(401);
    expect(gatewayId).to.be.a('string');
  });
});
