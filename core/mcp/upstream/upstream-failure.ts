/**
 * What went wrong when the gateway called an MCP server, said without the server's own error text
 * (which may echo what the gateway sent): the server could not be reached, timed out, closed the
 * connection or answered an HTTP error (it is down: the breaker counts it), or it answered a
 * JSON-RPC error (it is up: the tool failed).
 */
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { EgressRefusedError } from '../../http/egress-policy.js';

export interface UpstreamFailure {
  /** `down`: unreachable, timed out, connection closed, HTTP error; `tool`: a JSON-RPC error answer. */
  kind: 'down' | 'tool';
  /** A short reason for the client and the logs (`timed out`, `answered HTTP 502`). */
  reason: string;
}

/** Classifies an error thrown by a call to an MCP server. */
export function upstreamFailure(err: unknown): UpstreamFailure {
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return { kind: 'down', reason: 'timed out' };
    if (err.code === ErrorCode.ConnectionClosed) return { kind: 'down', reason: 'closed the connection' };
    return { kind: 'tool', reason: `answered JSON-RPC error ${err.code}` };
  }
  if (err instanceof StreamableHTTPError && (err.code === 401 || err.code === 403)) return { kind: 'down', reason: `refuses the gateway's credential (HTTP ${err.code})` };
  if (err instanceof StreamableHTTPError) return { kind: 'down', reason: err.code && err.code > 0 ? `answered HTTP ${err.code}` : 'answered something that is not MCP' };
  if (err instanceof EgressRefusedError || (err as { cause?: unknown })?.cause instanceof EgressRefusedError) return { kind: 'down', reason: 'is refused by the egress policy' };
  return { kind: 'down', reason: 'is unreachable' };
}
