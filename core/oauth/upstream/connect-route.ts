/**
 * The connect page on the proxy port, where a user signs in at an MCP server's own authorization
 * server so the gateway can call that server with the user's token:
 * - `GET /{gateway_slug}/oauth/connect/{registry_slug}?link=...`: the link from a `-32042`
 *   elicitation (sealed, 10 minutes, single-use, naming the gateway, the user and the registry).
 *   The gateway keeps a single-use `state` with the PKCE verifier, sets a cookie binding the flow
 *   to this browser, and sends the browser to the upstream authorization endpoint;
 * - `GET .../callback`: the upstream's answer. The state is taken (a replay finds nothing), the
 *   cookie must be the one set at the start, the code is redeemed with the verifier at the exact
 *   redirect URI, and the user's tokens are stored sealed.
 * Pages carry no secret and a strict Content-Security-Policy; the link is never logged.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from '../../logging/logger.js';
import type { SnapshotHolder } from '../../snapshot/holder.js';
import { escapeHtml } from '../html-text.js';
import { requestOrigin } from '../request-origin.js';
import { CONNECT_TICKET_TTL_MS } from './connect-ticket.js';
import { CONNECT_PATH, connectCallbackPath, connectPath } from './connect-paths.js';
import type { UpstreamUserAuth } from './upstream-user-auth.js';

export interface UpstreamConnectDeps {
  holder: SnapshotHolder;
  userAuth: UpstreamUserAuth;
  log: Logger;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** The cookie binding a flow to the browser that started it, named per flow so two flows in one browser do not clash. */
const browserCookie = (state: string) => `portcullis_connect_${sha256(state).slice(0, 12)}`;

function page(koa: Koa.Context, status: number, title: string, message: string): void {
  koa.status = status;
  koa.set('cache-control', 'no-store');
  koa.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  koa.set('x-frame-options', 'DENY');
  koa.set('referrer-policy', 'no-referrer');
  koa.type = 'html';
  koa.body = `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`;
}

const query = (koa: Koa.Context, name: string): string => (typeof koa.query[name] === 'string' ? (koa.query[name] as string) : '');

/**
 * The proxy-port middleware serving the connect paths; every other request (and a connect path
 * of a registry without per-user OAuth) goes on to `next`.
 */
export function upstreamConnectMiddleware(deps: UpstreamConnectDeps): Koa.Middleware {
  return async (koa, next) => {
    const match = CONNECT_PATH.exec(koa.path);
    if (!match) return next();
    if (koa.method !== 'GET') return page(koa, 405, 'Not allowed', `${koa.method} is not allowed here.`);
    if (!koa.host) return page(koa, 400, 'Bad request', 'The request names no Host.');
    try {
      return await (match[3] ? callback(koa, match[1]!, match[2]!) : start(koa, match[1]!, match[2]!));
    } catch (err) {
      deps.log.error('upstream connect failed', { error: (err as Error).message });
      return page(koa, 500, 'Sign-in failed', 'Something went wrong. Call the tool again for a new link.');
    }
  };

  /** The registry a path names, when it is an MCP registry with per-user OAuth of that gateway. */
  function registryAt(gatewaySlug: string, registrySlug: string, registryId: string) {
    const snapshot = deps.holder.current;
    const gateway = snapshot.gatewayBySlug(decodeURIComponent(gatewaySlug));
    const registry = snapshot.registry(registryId);
    if (!gateway || !registry || registry.gatewayId !== gateway.id || registry.slug !== decodeURIComponent(registrySlug)) return undefined;
    const client = deps.userAuth.clientOf(registry);
    return client && { gateway, registry, client };
  }

  async function start(koa: Koa.Context, gatewaySlug: string, registrySlug: string): Promise<void> {
    const ticket = deps.userAuth.tickets.open(query(koa, 'link'));
    const found = ticket && registryAt(gatewaySlug, registrySlug, ticket.registryId);
    if (!ticket || !found || found.gateway.id !== ticket.gatewayId) {
      return page(koa, 400, 'Link not valid', 'This sign-in link is not valid or has expired. Call the tool again for a new link.');
    }
    if (!(await deps.userAuth.tokens.claimLink(ticket.id, ticket.expiresAt))) {
      return page(koa, 400, 'Link already used', 'This sign-in link was already used. Call the tool again for a new link.');
    }
    const state = randomBytes(32).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const browser = randomBytes(32).toString('base64url');
    const origin = requestOrigin(koa);
    const redirectUri = `${origin}${connectCallbackPath(found.gateway.slug, found.registry.slug)}`;
    let url;
    try {
      url = await deps.userAuth.servers.authorizationUrl(found.client, { redirectUri, state, verifier, resource: found.registry.baseUrl });
    } catch (err) {
      deps.log.warn('upstream authorization server unavailable', { registry_id: found.registry.id, error: (err as Error).message });
      return page(koa, 502, 'Server unavailable', 'The sign-in server cannot be reached. Try again later.');
    }
    await deps.userAuth.tokens.startFlow(state, { gatewayId: ticket.gatewayId, userKey: ticket.userKey, registryId: ticket.registryId, verifier, browserHash: sha256(browser) }, Date.now() + CONNECT_TICKET_TTL_MS);
    const cookie = [`${browserCookie(state)}=${browser}`, `Path=${connectPath(found.gateway.slug, found.registry.slug)}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${CONNECT_TICKET_TTL_MS / 1000}`];
    if (koa.protocol === 'https') cookie.push('Secure');
    koa.set('set-cookie', cookie.join('; '));
    koa.set('cache-control', 'no-store');
    koa.set('referrer-policy', 'no-referrer');
    koa.status = 303;
    koa.redirect(url);
  }

  async function callback(koa: Koa.Context, gatewaySlug: string, registrySlug: string): Promise<void> {
    const state = query(koa, 'state');
    const flow = state ? await deps.userAuth.tokens.takeFlow(state) : undefined;
    if (!flow) return page(koa, 400, 'Sign-in not valid', 'Unknown or already used sign-in state. Call the tool again for a new link.');
    const browser = koa.cookies.get(browserCookie(state)) ?? '';
    if (!browser || sha256(browser) !== flow.browserHash) {
      return page(koa, 403, 'Another browser', 'This sign-in was started in another browser. Open the link again in this one.');
    }
    const found = registryAt(gatewaySlug, registrySlug, flow.registryId);
    if (!found || found.gateway.id !== flow.gatewayId) return page(koa, 400, 'Sign-in not valid', 'This sign-in belongs to another server.');
    koa.set('set-cookie', `${browserCookie(state)}=; Path=${connectPath(found.gateway.slug, found.registry.slug)}; HttpOnly; SameSite=Lax; Max-Age=0`);
    if (query(koa, 'error')) return page(koa, 403, 'Sign-in refused', `The sign-in at ${found.registry.slug} was refused or cancelled.`);
    const code = query(koa, 'code');
    if (!code) return page(koa, 400, 'Sign-in not valid', 'The server sent no code.');
    const redirectUri = `${requestOrigin(koa)}${connectCallbackPath(found.gateway.slug, found.registry.slug)}`;
    let answer;
    try {
      answer = await deps.userAuth.servers.redeem(found.client, { code, redirectUri, verifier: flow.verifier, resource: found.registry.baseUrl });
    } catch (err) {
      deps.log.warn('upstream OAuth code refused', { registry_id: found.registry.id, error: (err as Error).message });
      return page(koa, 502, 'Sign-in failed', 'The server did not accept the sign-in. Call the tool again for a new link.');
    }
    await deps.userAuth.tokens.put(deps.userAuth.slotOf(found.registry), flow.userKey, answer);
    page(koa, 200, 'Connected', `You are signed in at ${found.registry.record.name ?? found.registry.slug}. Go back to your application and try again.`);
  }
}

/** `inner` behind the connect page when `connect` is given (the process holds the store), else `inner` alone. */
export function withUpstreamConnect(inner: Koa.Middleware, connect: UpstreamConnectDeps | undefined): Koa.Middleware {
  if (!connect) return inner;
  const outer = upstreamConnectMiddleware(connect);
  return (koa, next) => outer(koa, () => inner(koa, next));
}
