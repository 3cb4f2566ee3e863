/**
 * The authorization server's interactions, served by the gateway itself:
 * - `GET {server}/interaction/{uid}`: a login prompt sends the browser to the gateway's identity
 *   provider (code + S256 PKCE + single-use state + nonce); a consent prompt shows the consent
 *   page (consent-page.ts) with a single-use form token;
 * - `GET {server}/callback`: the identity provider's answer: the state is taken (single use),
 *   the code exchanged, the id_token verified, the subject and groups recorded, and the browser
 *   resumes the authorization (the authorization server's resume cookie binds it to the browser
 *   that started);
 * - `POST {server}/interaction/{uid}/confirm`: the consent form: its token is taken (single
 *   use, bound to the interaction), then the grant names exactly the scopes and resources asked.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { readRawBody } from '../http/read-body.js';
import type { Logger } from '../logging/logger.js';
import type { GatewayAuthorizationServer } from './authorization-server.js';
import { escapeHtml } from './html-text.js';
import { consentHeaders, consentPage } from './consent-page.js';
import type { IdentityProviderClient, PendingLogin } from './identity-provider.js';
import { OAUTH_TTL } from './lifetimes.js';
import { loginCallbackPath } from './oauth-records.js';

/** The most bytes of a consent form read. */
const FORM_LIMIT = 8 * 1024;

/** What the interaction handlers need. */
export interface InteractionDeps {
  idp: IdentityProviderClient;
  log: Logger;
}

const epoch = () => Math.floor(Date.now() / 1000);

/** A short HTML error page (never a secret, never a stack). */
function errorPage(koa: Koa.Context, status: number, message: string): void {
  koa.status = status;
  koa.set('cache-control', 'no-store');
  koa.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  koa.type = 'html';
  koa.body = `<!doctype html><meta charset="utf-8"><title>Sign-in error</title><p>${escapeHtml(message)}</p>`;
}

/** The redirect URI registered at the identity provider for this server. */
const callbackUri = (server: GatewayAuthorizationServer) => `${server.origin}${loginCallbackPath(server.oauth.gatewaySlug)}`;

/** `GET {server}/interaction/{uid}`. */
export async function showInteraction(koa: Koa.Context, server: GatewayAuthorizationServer, uid: string, deps: InteractionDeps): Promise<void> {
  let details;
  try {
    details = await server.provider.interactionDetails(koa.req, koa.res);
  } catch {
    return errorPage(koa, 400, 'This sign-in has expired or belongs to another browser. Start again from the application.');
  }
  if (details.uid !== uid) return errorPage(koa, 400, 'This sign-in does not match this browser. Start again from the application.');

  if (details.prompt.name === 'login') {
    let started;
    try {
      started = await deps.idp.startLogin(server.oauth, callbackUri(server));
    } catch (err) {
      deps.log.warn('identity provider unavailable', { gateway_id: server.oauth.gatewayId, error: (err as Error).message });
      return errorPage(koa, 502, 'The identity provider cannot be reached. Try again later.');
    }
    const pending: PendingLogin & { uid: string } = { ...started.pending, uid };
    await server.state.upsert('FederatedLogin', pending.state, { ...pending }, OAUTH_TTL.FederatedLogin);
    koa.set('cache-control', 'no-store');
    koa.redirect(started.url);
    return;
  }

  if (details.prompt.name === 'consent') {
    const clientId = String(details.params.client_id);
    const client = await server.provider.Client.find(clientId);
    if (!client) return errorPage(koa, 400, 'The application is no longer registered.');
    const redirect = new URL(String(details.params.redirect_uri));
    const formToken = randomBytes(32).toString('base64url');
    await server.state.upsert('ConsentForm', formToken, { uid }, OAUTH_TTL.ConsentForm);
    const resource = details.params.resource;
    const resources = Array.isArray(resource) ? resource.map(String) : resource ? [String(resource)] : [];
    const scopes = String(details.params.scope ?? '').split(' ').filter(Boolean);
    const accountId = details.session?.accountId ?? '';
    const account = accountId ? await server.state.find('Account', accountId) : undefined;
    for (const [name, value] of Object.entries(consentHeaders(redirect.origin))) koa.set(name, value);
    koa.type = 'html';
    koa.body = consentPage({
      clientName: client.clientName ?? clientId,
      clientId,
      redirectHost: redirect.host,
      resources,
      scopes,
      user: typeof account?.display_name === 'string' ? account.display_name : accountId,
      action: `${server.oauth.serverPath}/interaction/${uid}/confirm`,
      formToken,
    });
    return;
  }
  errorPage(koa, 400, `Unsupported sign-in step ${details.prompt.name}.`);
}

/** Sends the browser back into the authorization with `result`. */
async function resume(koa: Koa.Context, server: GatewayAuthorizationServer, uid: string, result: Record<string, unknown>): Promise<void> {
  const interaction = await server.provider.Interaction.find(uid);
  if (!interaction) return errorPage(koa, 400, 'This sign-in has expired. Start again from the application.');
  interaction.result = result;
  await interaction.save(Math.max(1, interaction.exp - epoch()));
  koa.set('cache-control', 'no-store');
  koa.status = 303;
  koa.redirect(interaction.returnTo);
}

/** `GET {server}/callback`: the identity provider's answer. */
export async function loginCallback(koa: Koa.Context, server: GatewayAuthorizationServer, deps: InteractionDeps): Promise<void> {
  const state = typeof koa.query.state === 'string' ? koa.query.state : '';
  const pending = state ? await server.state.take('FederatedLogin', state) : undefined;
  if (!pending) return errorPage(koa, 400, 'Unknown or already used sign-in state. Start again from the application.');
  const uid = String(pending.uid);
  if (typeof koa.query.error === 'string') {
    return resume(koa, server, uid, { error: 'access_denied', error_description: 'the identity provider refused the login' });
  }
  const code = typeof koa.query.code === 'string' ? koa.query.code : '';
  if (!code) return errorPage(koa, 400, 'The identity provider sent no code.');
  let login;
  try {
    login = await deps.idp.finishLogin(server.oauth, code, callbackUri(server), pending as unknown as PendingLogin);
  } catch (err) {
    deps.log.warn('identity provider login refused', { gateway_id: server.oauth.gatewayId, error: (err as Error).message });
    return errorPage(koa, 502, 'The identity provider\'s answer could not be verified. Start again from the application.');
  }
  // The groups of the latest login go into every token issued to this account.
  await server.state.upsert('Account', login.subject, { groups: login.groups, display_name: login.displayName, updated_at: new Date().toISOString() }, OAUTH_TTL.RefreshToken);
  await resume(koa, server, uid, { login: { accountId: login.subject } });
}

/** `POST {server}/interaction/{uid}/confirm`: the consent form. */
export async function confirmConsent(koa: Koa.Context, server: GatewayAuthorizationServer, uid: string): Promise<void> {
  if (!koa.is('application/x-www-form-urlencoded')) return errorPage(koa, 400, 'The consent answer must be a form.');
  const form = new URLSearchParams((await readRawBody(koa.req, FORM_LIMIT)).toString('utf8'));
  const token = form.get('form_token') ?? '';
  const issued = token ? await server.state.take('ConsentForm', token) : undefined;
  if (!issued || issued.uid !== uid) return errorPage(koa, 403, 'This consent form was already used or has expired. Start again from the application.');
  let details;
  try {
    details = await server.provider.interactionDetails(koa.req, koa.res);
  } catch {
    return errorPage(koa, 400, 'This sign-in has expired or belongs to another browser. Start again from the application.');
  }
  if (details.uid !== uid || details.prompt.name !== 'consent' || !details.session?.accountId) return errorPage(koa, 400, 'This sign-in is not waiting for consent.');
  koa.respond = false;
  if (form.get('decision') !== 'allow') {
    await server.provider.interactionFinished(koa.req, koa.res, { error: 'access_denied', error_description: 'the user refused' }, { mergeWithLastSubmission: false });
    return;
  }
  const grant = details.grantId
    ? (await server.provider.Grant.find(details.grantId))!
    : new server.provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
  const promptDetails = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
  if (promptDetails.missingOIDCScope?.length) grant.addOIDCScope(promptDetails.missingOIDCScope.join(' '));
  for (const [resource, scopes] of Object.entries(promptDetails.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
  const grantId = await grant.save();
  await server.provider.interactionFinished(koa.req, koa.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
}
