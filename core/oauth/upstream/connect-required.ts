/**
 * The answer to a caller who has not connected their account at an MCP server that needs their
 * own login: JSON-RPC error `-32042` (URL elicitation required, MCP 2025-11-25 and 2026-07-28),
 * `data.elicitations` holding one URL-mode elicitation that points at the gateway's connect page.
 * The client shows the URL to the user, who signs in there; the call then succeeds when retried.
 * The 2026-07-28 revision has no `-32042` on its wire: there the same URL elicitation is an
 * `input_required` result (`inputRequired()`), which the client answers and retries.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, UrlElicitationRequiredError, type InputRequiredResult } from '@modelcontextprotocol/server';

export class UpstreamConnectRequired extends UrlElicitationRequiredError {
  constructor(readonly registrySlug: string, readonly url: string) {
    const message = `MCP server ${registrySlug} needs you to sign in with your own account: open the link, sign in, then try again`;
    super([{ mode: 'url', elicitationId: randomUUID(), url, message }], message);
    this.name = 'UpstreamConnectRequired';
  }

  /** The same request as a 2026-07-28 `input_required` result: one URL-mode elicitation, keyed by the registry. */
  inputRequired(): InputRequiredResult {
    return inputRequired({ inputRequests: { [`connect:${this.registrySlug}`]: inputRequired.elicitUrl({ message: this.message, url: this.url }) } });
  }
}
