/**
 * The egress policy on the proxy, with the default policy (no allow list): a registry whose base
 * URL points inside the gateway's network (stored before the policy, or a name that resolves
 * there) is never called; the client gets a 502 in its own format, sourced to the gateway,
 * naming the egress policy and holding nothing of the internal answer. An OIDC token naming an
 * issuer whose keys or discovery document live inside is a plain 401 and nothing is fetched;
 * a redirect to an internal address is not followed. A host the operator allows is reached.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { resolvingToLoopback } from '../../fixtures/network/fake-lookup.js';
import { startFakeIssuer, type FakeIssuer } from '../../fixtures/oidc/fake-issuer.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const SECRET = 'internal-answer-7f3a';

/** A server on 127.0.0.1 standing for the admin plane or a metadata service: it answers a secret to anything. */
async function startInternal(): Promise<{ url: string; port: number; hits: number; server: Server }> {
  const state = { url: '', port: 0, hits: 0, server: createServer() };
  state.server.on('request', (_req, res) => {
    state.hits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ object: 'list', data: [{ id: SECRET }] }));
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.port = (state.server.address() as AddressInfo).port;
  state.url = `http://127.0.0.1:${state.port}`;
  return state;
}

const closeServer = (server?: Server) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('proxy: egress policy (default: nothing internal)', () => {
  let gateway: TestGateway;
  let internal: Awaited<ReturnType<typeof startInternal>>;
  let issuer: FakeIssuer;
  let key: string;
  let guardedKey: string;
  let oidcSlug: string;

  const call = (path: string, init: RequestInit = {}, slug = 'inside') =>
    fetch(`${gateway.proxyUrl(slug)}${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } });

  before(async () => {
    internal = await startInternal();
    issuer = await startFakeIssuer('portcullis');
    gateway = await createTestGateway({ planes: ['admin', 'proxy'], egressAllow: [], egressLookup: resolvingToLoopback });
    const gw = await gateway.seed.gateway();
    // The admin plane itself, as finding 1 read it: `?` turns the operation's path into a query.
    const adminPlane = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'admin-plane', base_url: `${gateway.urls.admin}/v1/openapi.json?x=`, apiKey: 'sk-up' });
    // Written straight to the store, as a registry stored before the policy existed would be.
    const inside = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'inside', base_url: `${internal.url}/v1`, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const rebind = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'rebind', base_url: `http://rebind.example:${internal.port}/v1`, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const consumer = await gateway.seed.consumer(gw.id, {
      slug: 'inside',
      registries: [{ registry_id: inside._id, weight: 1 }, { registry_id: rebind._id, weight: 0 }, { registry_id: adminPlane._id, weight: 0 }],
    });
    key = consumer.key;
    // OIDC auths whose key set or discovery document is internal.
    oidcSlug = 'sso';
    const sso = await gateway.seed.consumer(gw.id, { slug: oidcSlug, registries: [{ registry_id: inside._id, weight: 1 }] });
    await gateway.seed.auth(gw.id, { type: 'oidc', name: 'jwks inside', oidc: { issuer: 'https://idp.example', audience: 'portcullis', jwks_uri: issuer.jwksUri } }, [sso.consumer._id]);
    await gateway.seed.auth(gw.id, { type: 'oidc', name: 'discovery inside', oidc: { issuer: issuer.issuer, audience: 'portcullis' } }, [sso.consumer._id]);
    // A guardrails policy whose tenant-chosen service URL is internal.
    const guarded = await gateway.seed.consumer(gw.id, { slug: 'guarded', registries: [{ registry_id: inside._id, weight: 1 }] });
    guardedKey = guarded.key;
    await gateway.seed.policy(gw.id, { type: 'guardrails', settings: { key: 'tgk_egress-test-key', service_url: internal.url, transport: 'http', failure_mode: 'fail_closed' } }, [guarded.consumer._id]);
    await gateway.configChanged();
  });
  after(async () => {
    await gateway?.close();
    await issuer?.close();
    await closeServer(internal?.server);
  });

  it('finding 1: GET /v1/files?model=@inside/x is a 502 from the gateway naming the egress policy, not the internal answer', async () => {
    const response = await call('/v1/files?model=@inside/x');
    const text = await response.text();
    expect(response.status, text).to.equal(502);
    expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
    const body = JSON.parse(text) as { error: { message: string; type: string } };
    expect(body.error.message).to.contain('egress policy');
    expect(text).to.not.contain(SECRET);
    expect(internal.hits).to.equal(0);
  });

  it('finding 1, as reported: the admin plane\'s OpenAPI document is not relayed through GET /v1/files?model=@admin-plane/x', async () => {
    const response = await call('/v1/files?model=@admin-plane/x');
    const text = await response.text();
    expect(response.status, text.slice(0, 200)).to.equal(502);
    expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect(text).to.not.contain('openapi');
  });

  it('a chat request to a registry stored with an internal address is a 502 in the client format, and nothing reaches it', async () => {
    const response = await call('/v1/chat/completions', { method: 'POST', body: JSON.stringify({ model: '@inside/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }) });
    const text = await response.text();
    expect(response.status, text).to.equal(502);
    expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect((JSON.parse(text) as { error: { message: string } }).error.message).to.contain('egress policy');
    expect(internal.hits).to.equal(0);
  });

  it('DNS rebinding: a registry host name that resolves to 127.0.0.1 is refused at connect time', async () => {
    const response = await call('/v1/chat/completions', { method: 'POST', body: JSON.stringify({ model: '@rebind/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }) });
    const text = await response.text();
    expect(response.status, text).to.equal(502);
    expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect(text).to.contain('egress policy');
    expect(text).to.not.contain(SECRET);
    expect(internal.hits).to.equal(0);
  });

  it('an OIDC token naming an issuer whose jwks_uri or discovery is internal is a plain 401, and nothing is fetched', async () => {
    for (const token of [await issuer.token({}, { issuer: 'https://idp.example' }), await issuer.token()]) {
      const response = await call('/v1/chat/completions', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }) }, oidcSlug);
      expect(response.status, await response.text()).to.equal(401);
    }
    expect(issuer.fetches).to.deep.equal({ jwks: 0, discovery: 0 });
  });
  it('a guardrails policy whose service_url is internal never sends the prompt there (fail_closed: 503)', async () => {
    const response = await fetch(`${gateway.proxyUrl('guarded')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guardedKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await response.text();
    expect(response.status, text).to.equal(503);
    expect(text).to.not.contain(SECRET);
    expect(internal.hits).to.equal(0);
  });
});

describe('proxy: egress policy with an allow list', () => {
  let gateway: TestGateway;
  let openai: FakeOpenAI;
  let issuer: FakeIssuer;
  let redirector: Server;
  let key: string;

  before(async () => {
    openai = await startFakeOpenAI();
    issuer = await startFakeIssuer('portcullis');
    // An allowed identity provider whose discovery document redirects to an internal address.
    redirector = createServer((_req, res) => {
      res.writeHead(302, { location: `${issuer.issuer}/.well-known/openid-configuration` }).end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const redirectorPort = (redirector.address() as AddressInfo).port;
    gateway = await createTestGateway({ planes: ['proxy'], egressAllow: ['llm.internal', 'idp.example'], egressLookup: resolvingToLoopback });
    const gw = await gateway.seed.gateway();
    const port = new URL(openai.url).port;
    const allowed = await gateway.seed.registry(gw.id, { provider: 'openai', slug: 'allowed', base_url: `http://llm.internal:${port}/v1`, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const consumer = await gateway.seed.consumer(gw.id, { slug: 'app', registries: [{ registry_id: allowed._id, weight: 1 }] });
    key = consumer.key;
    await gateway.seed.auth(gw.id, { type: 'oidc', name: 'redirected', oidc: { issuer: `http://idp.example:${redirectorPort}`, audience: 'portcullis' } }, [consumer.consumer._id]);
    await gateway.configChanged();
  });
  after(async () => {
    await gateway?.close();
    await openai?.close();
    await issuer?.close();
    await closeServer(redirector);
  });

  const chat = (authorization: string) =>
    fetch(`${gateway.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });

  it('reaches an allow-listed host name that resolves to a private address', async () => {
    const response = await chat(`Bearer ${key}`);
    expect(response.status, await response.text()).to.equal(200);
    expect(openai.requests.at(-1)!.headers.authorization).to.equal('Bearer sk-up');
  });

  it('does not follow a redirect from an allowed host to an internal address (OIDC discovery): 401, nothing fetched there', async () => {
    const redirectorPort = (redirector.address() as AddressInfo).port;
    const token = await issuer.token({}, { issuer: `http://idp.example:${redirectorPort}` });
    const response = await chat(`Bearer ${token}`);
    expect(response.status, await response.text()).to.equal(401);
    expect(issuer.fetches).to.deep.equal({ jwks: 0, discovery: 0 });
  });
});
