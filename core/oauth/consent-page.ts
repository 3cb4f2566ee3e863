/**
 * The consent page the gateway itself shows, once per client and user: which client asks (its
 * registered name, or its id), where it will send the user back (the redirect host), what it
 * will reach (the consumer endpoints named by `resource`) and with which scopes. The form
 * carries a single-use token bound to the interaction. The page loads nothing, runs no script,
 * may not be framed, and posts only to the gateway.
 */
import { escapeHtml } from './html-text.js';

/** What the page shows. */
export interface ConsentView {
  clientName: string;
  clientId: string;
  redirectHost: string;
  resources: readonly string[];
  scopes: readonly string[];
  user: string;
  /** Where the form posts. */
  action: string;
  /** The form's single-use token. */
  formToken: string;
}

/** The response headers of the page: strict CSP, no framing, no caching, no referrer. */
export function consentHeaders(redirectOrigin: string): Record<string, string> {
  // form-action also covers the redirect that follows the post (to the client's redirect URI).
  return {
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigin}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
}

/** The page's HTML. */
export function consentPage(view: ConsentView): string {
  const items = (values: readonly string[]) => values.map((v) => `<li><code>${escapeHtml(v)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Allow access?</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}code{word-break:break-all}button{margin-right:1rem;padding:.5rem 1.5rem}</style>
</head><body>
<h1>Allow <span data-field="client-name">${escapeHtml(view.clientName)}</span> to act for you?</h1>
<p>Signed in as <strong data-field="user">${escapeHtml(view.user)}</strong>.</p>
<p>Client id: <code data-field="client-id">${escapeHtml(view.clientId)}</code></p>
<p>After you answer, you go back to <strong data-field="redirect-host">${escapeHtml(view.redirectHost)}</strong>.</p>
<p>It will reach:</p><ul data-field="resources">${items(view.resources)}</ul>
<p>With the scopes:</p><ul data-field="scopes">${items(view.scopes)}</ul>
<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="form_token" value="${escapeHtml(view.formToken)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body></html>`;
}
