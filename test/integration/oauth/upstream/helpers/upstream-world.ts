/**
 * The upstream side of per-user OAuth tests: `oauth2-mock-server` as the MCP server's own
 * authorization server (each access token it signs names the user who signed in there), and an
 * MCP server (official SDK, Streamable HTTP, stateless) on 127.0.0.1 that admits only bearer
 * tokens verifying against that server's JWKS and issuer. Its `whoami` tool answers the
 * token's subject; every Authorization header it receives is recorded.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface UpstreamAuthorizationServer {
  server: OAuth2Server;
  issuer: string;
  /** Who signs in at the next authorization (the subject of the tokens it issues). */
  user: string;
  /** Token answers' `expires_in`, seconds (the mock's default when undefined). */
  expiresIn?: number;
  /** Refuse refresh_token grants (invalid_grant), as for a revoked grant. */
  refuseRefresh: boolean;
  /** Grant types of the token requests received, in order. */
  grants: string[];
  close(): Promise<void>;
}

export async function startUpstreamAuthorizationServer(): Promise<UpstreamAuthorizationServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const as: UpstreamAuthorizationServer = { server, issuer: server.issuer.url!, user: 'nobody', refuseRefresh: false, grants: [], close: () => server.stop() };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.sub = as.user;
  });
  server.service.on('beforeResponse', (response: { body: Record<string, unknown>; statusCode: number }, req: { body?: Record<string, unknown> }) => {
    if (req.body?.grant_type) as.grants.push(String(req.body.grant_type));
    if (as.refuseRefresh && req.body?.grant_type === 'refresh_token') {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
      return;
    }
    if (as.expiresIn !== undefined && response.body.access_token) response.body.expires_in = as.expiresIn;
  });
  return as;
}

export interface ProtectedMcpServer {
  /** The Streamable HTTP endpoint. */
  url: string;
  /** Every Authorization header received, in order. */
  authorizations: Array<string | undefined>;
  /** Subjects of the tokens admitted, in order. */
  subjects: string[];
  /** Subjects whose tokens the server refuses (revoked there). */
  revoked: Set<string>;
  close(): Promise<void>;
}

/** An MCP server that admits only tokens of `as` (signature, issuer, expiry); 401 otherwise. */
export async function startProtectedMcpServer(as: UpstreamAuthorizationServer): Promise<ProtectedMcpServer> {
  const keys = createRemoteJWKSet(new URL(`${as.issuer}/jwks`));
  const authorizations: Array<string | undefined> = [];
  const subjects: string[] = [];
  const revoked = new Set<string>();
  const http: HttpServer = createServer(async (req, res) => {
    authorizations.push(req.headers.authorization);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    let subject: string | undefined;
    try {
      subject = token ? ((await jwtVerify(token, keys, { issuer: as.issuer })).payload.sub ?? undefined) : undefined;
    } catch {
      subject = undefined;
    }
    if (!subject || revoked.has(subject)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    subjects.push(subject);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const server = new Server({ name: 'protected-mcp', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'whoami', description: 'Who the token names', inputSchema: { type: 'object' } }] }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: subject! }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    authorizations,
    subjects,
    revoked,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
