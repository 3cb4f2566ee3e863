/**
 * The pieces of an OAuth test: `oauth2-mock-server` as the operator's identity provider on
 * 127.0.0.1 (its `beforeTokenSigning` hook sets the logged-in user's subject and groups), a
 * browser made of `fetch` with `redirect: 'manual'` and a cookie jar, and a public client that
 * registers itself (RFC 7591) and runs the authorization code flow with S256 PKCE and a
 * `resource` indicator (RFC 8707).
 */
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { OAuth2Server } from 'oauth2-mock-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { startPortcullis } from '../../../../core/bootstrap/start.js';
import { resolveSettings } from '../../../../core/config/settings.js';
import { Seeder, type TestGateway } from '../../../../core/testing/index.js';
import { TEST_EGRESS_ALLOW } from '../../../../core/testing/test-egress.js';

/** The identity provider and who logs in next. */
export interface TestIdp {
  server: OAuth2Server;
  issuer: string;
  /** The user the next login signs in (subject and groups). */
  user: { sub: string; groups: string[] };
  /** How many id_tokens the provider signed. */
  logins: number;
  close(): Promise<void>;
}

/** Starts the identity provider on 127.0.0.1 with an RS256 key. */
export async function startIdp(): Promise<TestIdp> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const idp: TestIdp = {
    server,
    issuer: server.issuer.url!,
    user: { sub: 'alice', groups: ['analysts'] },
    logins: 0,
    close: () => server.stop(),
  };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.groups = idp.user.groups;
    if (token.payload.nonce !== undefined || token.payload.sub !== undefined) {
      token.payload.sub = idp.user.sub;
      token.payload.email = `${idp.user.sub}@example.com`;
    }
    idp.logins += 1;
  });
  return idp;
}

/** A cookie jar per origin, enough for the gateway's session and interaction cookies. */
export class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string | undefined {
    const cookies = this.jar.get(url.origin);
    if (!cookies?.size) return undefined;
    return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(url: URL, response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let cookies = this.jar.get(url.origin);
      if (!cookies) this.jar.set(url.origin, (cookies = new Map()));
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  /** One request with the jar's cookies, redirects not followed. */
  async fetch(target: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.remember(url, response);
    return response;
  }

  /**
   * Follows redirects (at most 20) until an answer that is not a redirect, or a redirect to
   * `stopAt` (the client's redirect URI), which is returned unfollowed.
   */
  async follow(start: string, stopAt: string): Promise<{ response: Response; url: string }> {
    let url = start;
    for (let hop = 0; hop < 20; hop++) {
      const response = await this.fetch(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, url };
      url = new URL(location, url).href;
      if (url.startsWith(stopAt)) return { response, url };
    }
    throw new Error('too many redirects');
  }

  /** Forgets every cookie (a new browser). */
  clear(): void {
    this.jar.clear();
  }
}

/** A registered public client. */
export interface TestClient {
  client_id: string;
  redirect_uri: string;
}

/** The gateway's authorization server metadata. */
export type AsMetadata = Record<string, any> & { issuer: string; registration_endpoint: string; authorization_endpoint: string; token_endpoint: string; revocation_endpoint: string };

export async function asMetadata(proxyUrl: string, gatewaySlug: string): Promise<AsMetadata> {
  const response = await fetch(`${proxyUrl}/.well-known/oauth-authorization-server/${gatewaySlug}/oauth`);
  expect(response.status).to.equal(200);
  return (await response.json()) as AsMetadata;
}

/** Registers a public native client with DCR. */
export async function registerClient(metadata: AsMetadata, fields: Record<string, unknown> = {}): Promise<TestClient> {
  const redirect_uri = `http://127.0.0.1:9/callback/${randomBytes(4).toString('hex')}`;
  const response = await fetch(metadata.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Test agent', application_type: 'native', redirect_uris: [redirect_uri],
      token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], ...fields,
    }),
  });
  const body = (await response.json()) as Record<string, any>;
  expect(response.status, JSON.stringify(body)).to.equal(201);
  return { client_id: body.client_id, redirect_uri };
}

/** Where an authorization ended: at the consent page, or back at the client with a code (or an error). */
export interface AuthorizeOutcome {
  response: Response;
  /** The final URL reached. */
  url: string;
  /** The callback's parameters when the flow came back to the client. */
  callback?: URLSearchParams;
  verifier: string;
  state: string;
}

/** Starts an authorization (S256 PKCE, a state, the resource) and follows it as far as it goes. */
export async function authorize(browser: Browser, metadata: AsMetadata, client: TestClient, options: { resource?: string; scope?: string; prompt?: string; method?: string }): Promise<AuthorizeOutcome> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(metadata.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', client.redirect_uri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', options.method ?? 'S256');
  if (options.scope !== undefined) url.searchParams.set('scope', options.scope);
  if (options.resource) url.searchParams.set('resource', options.resource);
  if (options.prompt) url.searchParams.set('prompt', options.prompt);
  const { response, url: reached } = await browser.follow(url.href, client.redirect_uri);
  const callback = reached.startsWith(client.redirect_uri) ? new URL(reached).searchParams : undefined;
  return { response, url: reached, callback, verifier, state };
}

/** Answers the consent page shown in `outcome` and follows on to the client. */
export async function consent(browser: Browser, outcome: AuthorizeOutcome, client: TestClient, decision: 'allow' | 'deny' = 'allow'): Promise<AuthorizeOutcome & { html: string }> {
  const html = await outcome.response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  expect(action, html).to.be.a('string');
  const target = new URL(action!.replace(/&amp;/g, '&'), outcome.url).href;
  const posted = await browser.fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ form_token: token!, decision }).toString() });
  const location = posted.headers.get('location');
  if (!location) return { ...outcome, response: posted, url: target, callback: undefined, html };
  const next = new URL(location, target).href;
  const { response, url } = next.startsWith(client.redirect_uri) ? { response: posted, url: next } : await browser.follow(next, client.redirect_uri);
  const callback = url.startsWith(client.redirect_uri) ? new URL(url).searchParams : undefined;
  return { ...outcome, response, url, callback, html };
}

/** POSTs a form to the token endpoint. */
export async function tokenRequest(metadata: AsMetadata, fields: Record<string, string>): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(metadata.token_endpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Runs the whole flow (consenting when asked) and redeems the code: the token answer. */
export async function obtainTokens(browser: Browser, metadata: AsMetadata, client: TestClient, resource: string, scope = 'mcp:tools', prompt?: string): Promise<Record<string, any>> {
  let outcome = await authorize(browser, metadata, client, { resource, scope, prompt });
  if (!outcome.callback) outcome = await consent(browser, outcome, client);
  const code = outcome.callback?.get('code');
  expect(code, outcome.url).to.be.a('string');
  const answer = await tokenRequest(metadata, { grant_type: 'authorization_code', code: code!, redirect_uri: client.redirect_uri, client_id: client.client_id, code_verifier: outcome.verifier, resource });
  expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
  return answer.body;
}

/** An admin request with a platform admin token. */
export async function admin(gateway: TestGateway, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const token = await mintAdminToken(gateway.jwtSecret, { sub: 'test', roles: ['platform_admin'] });
  const response = await fetch(`${gateway.urls.admin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * A test gateway (admin and proxy planes) on given ports and data directory, so a restart keeps
 * the origin tokens were issued on; ports `0` pick free ones.
 */
export async function startGatewayAt(options: { dataDir?: string; proxyPort?: number; adminPort?: number } = {}): Promise<TestGateway & { ownDir: boolean }> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portcullis-oauth-'));
  const settings = resolveSettings({
    planes: 'admin,proxy',
    'proxy-port': String(options.proxyPort ?? 0),
    'admin-port': String(options.adminPort ?? 0),
    'data-dir': dataDir,
    plugins: '',
    'egress-allow': TEST_EGRESS_ALLOW.join(','),
  }, {});
  const running = await startPortcullis(settings);
  const closeRunning = running.close.bind(running);
  return Object.assign(running, {
    seed: new Seeder(running.store!, running.secretBox),
    dataDir,
    ownDir,
    proxyUrl: (slug: string) => `${running.urls.proxy}/${slug}`,
    async close() {
      await closeRunning();
    },
    /** Removes the data directory (after the last restart). */
  });
}

/** Removes a data directory made by startGatewayAt. */
export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
