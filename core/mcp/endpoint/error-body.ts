/**
 * The MCP endpoint's client format for errors the gateway answers itself (authentication,
 * Origin, size, sessions): a JSON-RPC error object with `id: null`, as the SDK's own transport
 * rejections are, carrying the HTTP status the transport specification asks for.
 */
import type { GatewayError } from '../../errors/gateway-error.js';

/** JSON-RPC codes of gateway-answered errors: parse error for bad JSON, the SDK's session code for 404, else the implementation range. */
function jsonRpcCodeOf(error: GatewayError): number {
  if (error.code === 'invalid_json') return -32700;
  if (error.status === 404) return -32001;
  return -32000;
}

/** The JSON-RPC error body for `error`. */
export function mcpErrorBody(error: GatewayError): Record<string, unknown> {
  return { jsonrpc: '2.0', id: null, error: { code: jsonRpcCodeOf(error), message: error.publicMessage, data: { error: error.code } } };
}
