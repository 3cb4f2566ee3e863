/**
 * Raw HTTP toward the MCP endpoint, for the wire details the SDK clients never send wrong:
 * JSON-RPC messages of each era, with the headers each era's transport sends.
 */
export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';

const ACCEPT = 'application/json, text/event-stream';

/** A modern-era request: the `_meta` envelope and the `Mcp-Method` (and `Mcp-Name`) headers. */
export function modernRequest(method: string, params: Record<string, unknown> = {}, id = 1) {
  const body = {
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
      },
    },
  };
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': method };
  if (method === 'tools/call') headers['mcp-name'] = String(params.name);
  return { body, headers };
}

export const legacyInitialize = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
};

/** POSTs one JSON-RPC message (or raw text) with the key in `X-AG-API-Key` unless `headers` says otherwise. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** A legacy `initialize` for `key`; returns the session id the endpoint handed out. */
export async function legacySession(url: string, key: string): Promise<string> {
  const res = await post(url, legacyInitialize, { 'x-ag-api-key': key });
  if (res.status !== 200) throw new Error(`initialize answered ${res.status}: ${res.text}`);
  const id = res.headers.get('mcp-session-id');
  if (!id) throw new Error('initialize answered without a session id');
  return id;
}

/** Headers of a legacy request inside session `sessionId`. */
export const inSession = (key: string, sessionId: string): Record<string, string> => ({ 'x-ag-api-key': key, 'mcp-session-id': sessionId, 'mcp-protocol-version': LEGACY });
