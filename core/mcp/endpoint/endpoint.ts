/**
 * `/{consumer_slug}/mcp` on the proxy port: one Streamable HTTP MCP endpoint per consumer,
 * serving both protocol eras with the official SDK, in front of the consumer's toolkit.
 *
 * - Modern (2026-07-28, a `_meta` envelope on each request): the SDK's `createMcpHandler`, one
 *   per gateway so its `subscriptions/listen` streams hear only their own gateway's changes; it
 *   owns `server/discover`, the `Mcp-Method`/`Mcp-Name` header checks (-32020) and the envelope.
 * - Legacy (2025-11-25, `initialize` first): the SDK's stateless Streamable HTTP transport per
 *   request, answering JSON; the session lives in the client's `MCP-Session-Id`, sealed
 *   (session-seal.ts), so the gateway keeps none and any process with the same master key serves
 *   any request. `GET` opens a stream for `list_changed` (legacy-streams.ts), `DELETE` ends the
 *   upstream sessions.
 *
 * The caller is authenticated, and its consumer resolved, by the proxy's pipeline runner before
 * this reads any body. Each request is one exchange (operation `mcp`) that settles and is observed
 * like any proxy request; a tool call's record rides on `ctx.mcp.toolCall`.
 */
import type Koa from 'koa';
import { WebStandardStreamableHTTPServerTransport, createMcpHandler, isLegacyRequest, type McpHttpHandler, type McpServerFactory } from '@modelcontextprotocol/server';
import { toWebRequest } from '@modelcontextprotocol/node';
import { GatewayError } from '../../errors/gateway-error.js';
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, nestsDeeperThan, readRawBody } from '../../http/read-body.js';
import type { Logger } from '../../logging/logger.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { ConsumerToolkit } from '../toolkit.js';
import type { ResourceMetadataUrl } from './client-auth.js';
import { LegacyStreams } from './legacy-streams.js';
import { checkOrigin } from './origin-check.js';
import type { McpSession, SessionSeal } from './session-seal.js';
import { authInfoFor, toolServerFactory, type ToolRequestState } from './tool-server.js';
import { writeWebResponse } from './web-response.js';

/** How long a legacy-era session id stays valid after its `initialize` (24 hours). */
export const DEFAULT_MCP_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** What the endpoint is built from, once per process. */
export interface McpEndpointOptions {
  toolkit: ConsumerToolkit;
  /** Seals legacy-era session ids (the key is derived once from the master key). */
  seal: SessionSeal;
  log: Logger;
  sessionTtlMs?: number;
  /** The proxy's request body limit: a larger body is 413. */
  maxBodyBytes?: number;
  /** Browser origins allowed besides the endpoint's own (`https://app.example`). */
  allowedOrigins?: readonly string[];
  /** The OAuth seam: the protected resource metadata URL a 401 points at, once OAuth is configured. */
  resourceMetadataUrl?: ResourceMetadataUrl;
  /** SSE keep-alive interval of open streams (ms). */
  keepAliveMs?: number;
}

const header = (koa: Koa.Context, name: string): string | undefined => {
  const value = koa.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Protocol revisions without sessions: a GET or DELETE naming one is 405. */
const isModernVersion = (version: string | undefined): boolean => !!version && version >= '2026-07-28';

/** The MCP endpoint of a proxy plane. */
export class McpEndpoint {
  private readonly factory: McpServerFactory;
  private readonly modern = new Map<string, McpHttpHandler>();
  private readonly legacyStreams: LegacyStreams;
  private readonly allowedOrigins: ReadonlySet<string>;
  private readonly sessionTtlMs: number;
  private readonly maxBodyBytes: number;
  private readonly stopListening: () => void;

  constructor(private readonly options: McpEndpointOptions) {
    this.factory = toolServerFactory(options.toolkit);
    this.legacyStreams = new LegacyStreams(options.keepAliveMs);
    this.allowedOrigins = new Set(options.allowedOrigins ?? []);
    this.sessionTtlMs = options.sessionTtlMs ?? DEFAULT_MCP_SESSION_TTL_MS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_BODY_LIMIT;
    this.stopListening = options.toolkit.onToolsChanged((gatewayId) => this.toolsChanged(gatewayId));
  }

  /** The OAuth seam for the 401 of an MCP request (client-auth.ts). */
  get resourceMetadataUrl(): ResourceMetadataUrl | undefined {
    return this.options.resourceMetadataUrl;
  }

  /** Serves one authenticated request (`ctx.principal` and `ctx.consumer` set); errors thrown before anything is written reach the proxy's error mapper. */
  async serve(koa: Koa.Context, ctx: Exchange): Promise<void> {
    checkOrigin(koa.req.headers, this.allowedOrigins);
    ctx.mcp = {};
    if (koa.method === 'POST') return this.post(koa, ctx);
    if (koa.method === 'GET' || koa.method === 'DELETE') {
      ctx.mcp.method = koa.method;
      if (isModernVersion(header(koa, 'mcp-protocol-version'))) throw methodNotAllowed(koa.method, 'POST');
      const session = this.sessionOf(koa, ctx);
      ctx.mcp.era = 'legacy';
      return koa.method === 'GET' ? this.openStream(koa, ctx) : this.endSession(koa, ctx, session);
    }
    throw methodNotAllowed(koa.method, 'GET, POST, DELETE');
  }

  /** Sends `notifications/tools/list_changed` to the connected clients of a gateway, in both eras. */
  toolsChanged(gatewayId: string): void {
    this.modern.get(gatewayId)?.notify.toolsChanged();
    this.legacyStreams.toolsChanged(gatewayId);
  }

  /** Ends open streams and in-flight modern exchanges (shutdown). */
  async close(): Promise<void> {
    this.stopListening();
    this.legacyStreams.close();
    await Promise.all([...this.modern.values()].map((handler) => handler.close()));
    this.modern.clear();
  }

  private async post(koa: Koa.Context, ctx: Exchange): Promise<void> {
    const text = (await readRawBody(koa.req, this.maxBodyBytes)).toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new GatewayError('invalid_json', { message: `Parse error: the message nests deeper than ${MAX_JSON_DEPTH} levels` });
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      throw new GatewayError('invalid_json', { message: 'Parse error: the body is not valid JSON' });
    }
    ctx.mcp!.method = isObject(message) && typeof message.method === 'string' ? message.method : undefined;
    const abort = new AbortController();
    ctx.signal.addEventListener('abort', () => abort.abort());
    const request = await toWebRequest(koa.req, message, { signal: abort.signal });
    const legacy = await isLegacyRequest(request, message);
    ctx.mcp!.era = legacy ? 'legacy' : 'modern';
    if (legacy) return this.postLegacy(koa, ctx, request, message, abort.signal);

    const state: ToolRequestState = { exchange: ctx, signal: abort.signal };
    const response = await this.modernHandler(ctx.consumer!.gatewayId).fetch(request, { authInfo: authInfoFor(state), parsedBody: message });
    koa.respond = false;
    const written = writeWebResponse(koa.res, response);
    // A `subscriptions/listen` stream lives as long as the client listens: the request settles now.
    if (ctx.mcp!.method === 'subscriptions/listen' && response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    await written;
    ctx.mcp!.toolCall = state.toolCall;
  }

  private async postLegacy(koa: Koa.Context, ctx: Exchange, request: Request, message: unknown, signal: AbortSignal): Promise<void> {
    const initialize = isObject(message) && message.method === 'initialize';
    const sessions = initialize ? await this.options.toolkit.openSessions(ctx) : this.sessionOf(koa, ctx).upstream;
    const state: ToolRequestState = { exchange: ctx, sessions, signal };
    const authInfo = authInfoFor(state);
    const server = await this.factory({ era: 'legacy', authInfo, requestInfo: request });
    // JSON answers: the whole answer is known before its status is, so an expired upstream session can still be a 404.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      let response = await transport.handleRequest(request, { parsedBody: message, authInfo });
      ctx.mcp!.toolCall = state.toolCall;
      if (state.sessionExpired) throw sessionNotFound('an upstream session of this session has expired: initialize a new session');
      const extra: Record<string, string> = {};
      if (initialize && response.ok) {
        const body = await response.text();
        const result = (JSON.parse(body) as { result?: { protocolVersion?: string } }).result;
        if (result?.protocolVersion) {
          const principal = ctx.principal!;
          extra['mcp-session-id'] = this.options.seal.seal({ consumerId: ctx.consumer!.id, authId: principal.authId, protocolVersion: result.protocolVersion, issuedAt: Date.now(), upstream: sessions });
        }
        response = new Response(body, { status: response.status, headers: response.headers });
      }
      koa.respond = false;
      await writeWebResponse(koa.res, response, extra);
    } finally {
      await server.close().catch(() => undefined);
    }
  }

  /** The legacy session the request names: 400 without one, 404 when it does not open, belongs to another consumer or credential, or has expired. */
  private sessionOf(koa: Koa.Context, ctx: Exchange): McpSession {
    const id = header(koa, 'mcp-session-id');
    if (!id) throw new GatewayError('invalid_request', { message: 'Bad Request: the MCP-Session-Id header is required (send initialize first)' });
    const session = this.options.seal.open(id);
    const fits = session && session.consumerId === ctx.consumer!.id && session.authId === ctx.principal!.authId && Date.now() - session.issuedAt < this.sessionTtlMs;
    if (!fits) throw sessionNotFound('Session not found: initialize a new session');
    return session;
  }

  private openStream(koa: Koa.Context, ctx: Exchange): void {
    if (!(header(koa, 'accept') ?? '').includes('text/event-stream')) {
      throw new GatewayError('invalid_request', { status: 406, message: 'Not Acceptable: the client must accept text/event-stream' });
    }
    const gatewayId = ctx.consumer!.gatewayId;
    if (!this.legacyStreams.hasRoom(gatewayId)) throw new GatewayError('rate_limited', { message: 'too many open MCP streams for this gateway: close one and retry' });
    koa.respond = false;
    // The stream stays open past this request, which settles now; it holds no snapshot.
    this.legacyStreams.open(gatewayId, koa.res, {});
  }

  private async endSession(koa: Koa.Context, ctx: Exchange, session: McpSession): Promise<void> {
    await this.options.toolkit.closeSessions(ctx, session.upstream);
    koa.status = 200;
    koa.body = '';
  }

  private modernHandler(gatewayId: string): McpHttpHandler {
    let handler = this.modern.get(gatewayId);
    if (!handler) {
      const log = this.options.log;
      handler = createMcpHandler(this.factory, {
        legacy: 'reject',
        maxRequestBodySize: this.maxBodyBytes,
        keepAliveMs: this.options.keepAliveMs,
        onerror: (err) => log.debug('MCP request refused', { error: err.message }),
      });
      this.modern.set(gatewayId, handler);
    }
    return handler;
  }
}

const methodNotAllowed = (method: string, allow: string): GatewayError =>
  new GatewayError('method_not_allowed', { status: 405, message: `Method not allowed: ${method} (allowed: ${allow})`, headers: { allow } });

const sessionNotFound = (message: string): GatewayError => new GatewayError('not_found', { message });
