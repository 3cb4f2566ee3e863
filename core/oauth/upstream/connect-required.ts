/**
 * The answer to a caller who has not connected their account at an MCP server that needs their
 * own login: JSON-RPC error `-32042` (URL elicitation required, MCP 2025-11-25 and 2026-07-28),
 * `data.elicitations` holding one URL-mode elicitation that points at the gateway's connect page.
 * The client shows the URL to the user, who signs in there; the call then succeeds when retried.
 */
import { randomUUID } from 'node:crypto';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/server';

export class UpstreamConnectRequired extends UrlElicitationRequiredError {
  constructor(readonly registrySlug: string, url: string) {
    const message = `MCP server ${registrySlug} needs you to sign in with your own account: open the link, sign in, then try again`;
    super([{ mode: 'url', elicitationId: randomUUID(), url, message }], message);
    this.name = 'UpstreamConnectRequired';
  }
}
