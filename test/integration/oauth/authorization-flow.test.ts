/**
 * The gateway as an OAuth 2.0 authorization server, end to end over HTTP with
 * `oauth2-mock-server` as the operator's identity provider: discovery documents, dynamic
 * registration, the authorization code flow with S256 PKCE and a resource indicator through a
 * federated login and the gateway's own consent page, tokens whose audience is exactly one
 * consumer endpoint, per-client consent, refresh rotation, revocation.
 */
import { expect } from 'chai';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { admin, asMetadata, authorize, Browser, consent, obtainTokens, registerClient, startIdp, tokenRequest, type AsMetadata, type TestIdp } from './helpers/oauth-harness.js';

describe('oauth: the authorization server', () => {
  let gateway: TestGateway;
  let idp: TestIdp;
  let gatewaySlug: string;
  let proxy: string;
  let metadata: AsMetadata;
  const idpSecret = 'idp-secret-for-the-gateway';

  before(async () => {
    idp = await startIdp();
    gateway = await createTestGateway({ planes: ['admin', 'proxy'] });
    proxy = gateway.urls.proxy!;
    const gw = await gateway.seed.gateway();
    gatewaySlug = gw.slug;
    await gateway.seed.consumer(gw.id, { slug: 'agents', routing_mode: 'role_based' });
    await gateway.seed.consumer(gw.id, { slug: 'inline' });
    await gateway.configChanged();
    const put = await admin(gateway, 'PUT', `/v1/gateways/${gw.id}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: idpSecret });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    metadata = await asMetadata(proxy, gatewaySlug);
  });
  after(async () => {
    await gateway?.close();
    await idp?.close();
  });

  it('publishes RFC 8414 metadata at the issuer: S256 only, code only, a registration endpoint, the iss parameter', async () => {
    expect(metadata.issuer).to.equal(`${proxy}/${gatewaySlug}/oauth`);
    expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(metadata.response_types_supported).to.deep.equal(['code']);
    expect(metadata.grant_types_supported).to.have.members(['authorization_code', 'refresh_token']);
    expect(metadata.registration_endpoint).to.equal(`${proxy}/${gatewaySlug}/oauth/reg`);
    expect(metadata.revocation_endpoint).to.be.a('string');
    expect(metadata.authorization_response_iss_parameter_supported).to.equal(true);
    // Bearer tokens only: no sender-constrained (DPoP) tokens the verifier would not bind.
    expect(metadata).to.not.have.property('dpop_signing_alg_values_supported');
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint', 'jwks_uri']) {
      expect(metadata[endpoint], endpoint).to.match(new RegExp(`^${proxy}/${gatewaySlug}/oauth/`));
    }
    // The root form names the same server when one gateway has OAuth; the OIDC twin too.
    const root = (await (await fetch(`${proxy}/.well-known/oauth-authorization-server`)).json()) as AsMetadata;
    expect(root.issuer).to.equal(metadata.issuer);
    const twin = (await (await fetch(`${proxy}/.well-known/openid-configuration/${gatewaySlug}/oauth`)).json()) as AsMetadata;
    expect(twin.issuer).to.equal(metadata.issuer);
    expect((await fetch(`${proxy}/.well-known/oauth-authorization-server/no-such-gateway/oauth`)).status).to.equal(404);
  });

  it('publishes RFC 9728 protected resource metadata for each consumer endpoint', async () => {
    const mcp = (await (await fetch(`${proxy}/.well-known/oauth-protected-resource/inline/mcp`)).json()) as Record<string, unknown>;
    expect(mcp).to.deep.include({ resource: `${proxy}/inline/mcp`, authorization_servers: [metadata.issuer], scopes_supported: ['mcp:tools'] });
    const base = (await (await fetch(`${proxy}/.well-known/oauth-protected-resource/agents`)).json()) as Record<string, unknown>;
    expect(base).to.deep.include({ resource: `${proxy}/agents`, authorization_servers: [metadata.issuer], scopes_supported: ['proxy'] });
    // An inline consumer's proxy base takes no OAuth tokens; an unknown consumer has no metadata.
    expect((await fetch(`${proxy}/.well-known/oauth-protected-resource/inline`)).status).to.equal(404);
    expect((await fetch(`${proxy}/.well-known/oauth-protected-resource/nobody/mcp`)).status).to.equal(404);
  });

  it('registers clients dynamically (RFC 7591) with application_type, and refuses a bad registration', async () => {
    const client = await registerClient(metadata);
    expect(client.client_id).to.be.a('string');
    const bad = await fetch(metadata.registration_endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['not a url'] }) });
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { error: string }).error).to.equal('invalid_redirect_uri');
  });

  it('accepts client ID metadata documents, fetched under the egress policy: an internal address is never fetched', async () => {
    expect(metadata.client_id_metadata_document_supported).to.equal(true);
    const browser = new Browser();
    const internal = { client_id: 'https://169.254.169.254/oauth-client.json', redirect_uri: 'https://agent.example/callback' };
    const outcome = await authorize(browser, metadata, internal, { resource: `${proxy}/inline/mcp`, scope: 'mcp:tools' });
    expect(outcome.callback, 'an unresolvable client is never redirected to').to.equal(undefined);
    expect(outcome.response.status).to.equal(400);
    expect(await outcome.response.text()).to.contain('invalid_client');
  });

  it('runs the code flow: authorize with resource and S256, log in at the identity provider, consent, redeem; the token is a JWT for exactly that resource with the groups', async () => {
    idp.user = { sub: 'alice', groups: ['analysts'] };
    const browser = new Browser();
    const client = await registerClient(metadata, { client_name: 'Flow agent' });
    const resource = `${proxy}/inline/mcp`;
    const first = await authorize(browser, metadata, client, { resource, scope: 'mcp:tools' });
    expect(first.callback, 'stops at the consent page').to.equal(undefined);
    expect(first.response.status).to.equal(200);
    expect(first.response.headers.get('content-security-policy')).to.contain("frame-ancestors 'none'");
    expect(first.response.headers.get('x-frame-options')).to.equal('DENY');
    const answered = await consent(browser, first, client);
    expect(answered.html).to.contain('Flow agent');
    expect(answered.html).to.contain('alice@example.com');
    expect(answered.html).to.contain('127.0.0.1:9');
    expect(answered.html).to.contain(resource);
    expect(answered.callback!.get('state')).to.equal(first.state);
    expect(answered.callback!.get('iss'), 'RFC 9207').to.equal(metadata.issuer);
    const code = answered.callback!.get('code')!;
    const tokens = await tokenRequest(metadata, { grant_type: 'authorization_code', code, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: first.verifier, resource });
    expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
    expect(tokens.body.refresh_token, 'no offline_access, no refresh token').to.equal(undefined);
    const claims = decodeJwt(tokens.body.access_token);
    expect(decodeProtectedHeader(tokens.body.access_token).alg).to.equal('ES256');
    expect(claims.aud).to.equal(resource);
    expect(claims.iss).to.equal(metadata.issuer);
    expect(claims.sub).to.equal('alice');
    expect(claims.groups).to.deep.equal(['analysts']);
    expect(claims.client_id).to.equal(client.client_id);
    expect(claims.exp! - claims.iat!).to.be.at.most(600);
    // The code is single use.
    const again = await tokenRequest(metadata, { grant_type: 'authorization_code', code, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: first.verifier, resource });
    expect(again.status).to.equal(400);
    expect(again.body.error).to.equal('invalid_grant');
  });

  it('refuses a plain PKCE method, a missing resource, a resource that is no consumer endpoint, and an inexact redirect URI', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const plain = await authorize(browser, metadata, client, { resource: `${proxy}/inline/mcp`, method: 'plain' });
    expect(plain.callback?.get('error')).to.equal('invalid_request');
    const none = await authorize(browser, metadata, client, {});
    expect(none.callback?.get('error')).to.equal('invalid_target');
    const foreign = await authorize(browser, metadata, client, { resource: `${proxy}/nobody/mcp` });
    expect(foreign.callback?.get('error')).to.equal('invalid_target');
    const inlineBase = await authorize(browser, metadata, client, { resource: `${proxy}/inline` });
    expect(inlineBase.callback?.get('error')).to.equal('invalid_target');
    const inexact = await authorize(browser, metadata, { ...client, redirect_uri: `${client.redirect_uri}/extra` }, { resource: `${proxy}/inline/mcp` });
    expect(inexact.callback, 'never redirects to an unregistered URI').to.equal(undefined);
    expect(inexact.response.status).to.equal(400);
  });

  it('asks a second client for consent again, and the consent form works once', async () => {
    const browser = new Browser();
    const resource = `${proxy}/inline/mcp`;
    // A web client: a native one (loopback redirect, anyone can claim it) is asked every time.
    const one = await registerClient(metadata, { application_type: 'web' });
    await obtainTokens(browser, metadata, one, resource);
    // Same browser (signed in), same client: no new login, no new consent.
    const logins = idp.logins;
    const repeat = await authorize(browser, metadata, one, { resource, scope: 'mcp:tools' });
    expect(repeat.callback?.get('code'), `${repeat.url} ${repeat.response.status} ${repeat.callback ? '' : (await repeat.response.clone().text()).slice(0, 600)}`).to.be.a('string');
    expect(idp.logins).to.equal(logins);
    // Another client: the consent page again.
    const two = await registerClient(metadata, { client_name: 'Second agent', application_type: 'web' });
    const asked = await authorize(browser, metadata, two, { resource, scope: 'mcp:tools' });
    expect(asked.callback).to.equal(undefined);
    const page = await asked.response.text();
    expect(page).to.contain('Second agent');
    const token = /name="form_token" value="([^"]+)"/.exec(page)![1]!;
    const action = new URL(/action="([^"]+)"/.exec(page)![1]!, asked.url).href;
    const post = () => browser.fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ form_token: token, decision: 'allow' }).toString() });
    expect((await post()).status).to.equal(303);
    expect((await post()).status, 'a used form token').to.equal(403);
  });

  it('asks a native client for consent on every authorization (its loopback redirect proves nothing about who it is)', async () => {
    const browser = new Browser();
    const resource = `${proxy}/inline/mcp`;
    const client = await registerClient(metadata, { application_type: 'native' });
    await obtainTokens(browser, metadata, client, resource);
    const again = await authorize(browser, metadata, client, { resource, scope: 'mcp:tools' });
    expect(again.callback).to.equal(undefined);
    expect(await again.response.text()).to.contain('Allow');
  });

  it('refuses a consent answer that is not a small form: 400 for another type, 413 past 8 KiB', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const asked = await authorize(browser, metadata, client, { resource: `${proxy}/inline/mcp`, scope: 'mcp:tools' });
    const page = await asked.response.text();
    const action = new URL(/action="([^"]+)"/.exec(page)![1]!, asked.url).href;
    const json = await browser.fetch(action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).to.equal(400);
    const large = await browser.fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `form_token=${'x'.repeat(9 * 1024)}` });
    expect(large.status).to.equal(413);
    expect(((await large.json()) as { error: string }).error).to.equal('payload_too_large');
  });

  it('a denied consent sends access_denied back to the client', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const asked = await authorize(browser, metadata, client, { resource: `${proxy}/inline/mcp`, scope: 'mcp:tools' });
    const denied = await consent(browser, asked, client, 'deny');
    expect(denied.callback?.get('error')).to.equal('access_denied');
  });

  it('issues a refresh token only with offline_access; it rotates and the old one is refused', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const resource = `${proxy}/inline/mcp`;
    let outcome = await authorize(browser, metadata, client, { resource, scope: 'mcp:tools offline_access', prompt: 'consent' });
    if (!outcome.callback) outcome = await consent(browser, outcome, client);
    const code = outcome.callback!.get('code')!;
    const tokens = await tokenRequest(metadata, { grant_type: 'authorization_code', code, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: outcome.verifier, resource });
    expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
    const first = tokens.body.refresh_token as string;
    expect(first).to.be.a('string');
    const refreshed = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: first, client_id: client.client_id, resource });
    expect(refreshed.status, JSON.stringify(refreshed.body)).to.equal(200);
    expect(refreshed.body.refresh_token).to.be.a('string').and.not.equal(first);
    expect(decodeJwt(refreshed.body.access_token).aud).to.equal(resource);
    const reused = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: first, client_id: client.client_id, resource });
    expect(reused.status).to.equal(400);
    expect(reused.body.error).to.equal('invalid_grant');
  });

  it('the revocation endpoint (RFC 7009) revokes a refresh token', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const resource = `${proxy}/inline/mcp`;
    let outcome = await authorize(browser, metadata, client, { resource, scope: 'mcp:tools offline_access', prompt: 'consent' });
    if (!outcome.callback) outcome = await consent(browser, outcome, client);
    const tokens = await tokenRequest(metadata, { grant_type: 'authorization_code', code: outcome.callback!.get('code')!, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: outcome.verifier, resource });
    const revoked = await fetch(metadata.revocation_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: tokens.body.refresh_token, token_type_hint: 'refresh_token', client_id: client.client_id }).toString() });
    expect(revoked.status).to.equal(200);
    const refused = await tokenRequest(metadata, { grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: client.client_id, resource });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.equal('invalid_grant');
  });

  it('the login state is single use: replaying the identity provider callback is refused', async () => {
    const browser = new Browser();
    const client = await registerClient(metadata);
    const start = new URL(metadata.authorization_endpoint);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: client.client_id, redirect_uri: client.redirect_uri, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', resource: `${proxy}/inline/mcp`, scope: 'mcp:tools' })) start.searchParams.set(k, v);
    // Walk to the identity provider's redirect back to the gateway's callback, and use it twice.
    let url = start.href;
    let callback: string | undefined;
    for (let hop = 0; hop < 10 && !callback; hop++) {
      const response = await browser.fetch(url);
      url = new URL(response.headers.get('location')!, url).href;
      if (url.startsWith(`${proxy}/${gatewaySlug}/oauth/callback`)) callback = url;
    }
    expect(callback).to.be.a('string');
    expect((await browser.fetch(callback!)).status).to.equal(303);
    expect((await browser.fetch(callback!)).status).to.equal(400);
  });
});
