/**
 * A worker's planes answer what a data plane answers from its snapshot; what needs the store
 * (the guardrail plane's management paths, the proxy plane's OAuth authorization server and
 * connect pages) is answered by the primary, where the store is. This middleware, first on a
 * worker's plane, relays those requests to the primary's plane on loopback and streams the
 * answer back unchanged, so `--workers N` serves every path a single process serves.
 */
import { pipeline } from 'node:stream/promises';
import type Koa from 'koa';
import { Agent, request } from 'undici';
import type { Plane } from '../config/settings.js';
import { GatewayError } from '../errors/gateway-error.js';
import { errorAnswer } from '../http/error-body.js';
import type { Logger } from '../logging/logger.js';
import { METRICS_PATH } from '../observability/metrics-endpoint.js';
import { CONNECT_PATH } from '../oauth/upstream/connect-paths.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { needsUserSignIn } from './user-signin-mcp.js';

/** Paths a data plane answers itself on the guardrail plane (docs/guardrails.md). */
const GUARDRAIL_DATA_PLANE_PATHS = /^\/(healthz|health|readyz|v1\/evaluate(\/claude)?)$/;
/** The gateway's authorization server and its discovery documents on the proxy plane (core/oauth/mount.ts). */
const AUTHORIZATION_SERVER_PATHS = /^(\/[^/]+\/oauth(\/.*)?|\/\.well-known\/(oauth-authorization-server|openid-configuration)(\/.*)?)$/;

/** Whether a request of `plane` needs the store, so the primary must answer it. */
export const NEEDS_STORE: Partial<Record<Plane, (path: string) => boolean>> = {
  guardrail: (path) => path !== METRICS_PATH && !GUARDRAIL_DATA_PLANE_PATHS.test(path),
  proxy: (path) => AUTHORIZATION_SERVER_PATHS.test(path) || CONNECT_PATH.test(path),
};

/** Headers of one hop only (RFC 9110, section 7.6.1): never relayed. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function relayable(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  return out;
}

/**
 * The middleware relaying `plane`'s store-bound requests to `primaryUrl`, or undefined when the
 * plane has none. The Host header is kept, so issuer and redirect URLs name the public address.
 */
export function storeForwarding(
  plane: Plane,
  primaryUrl: string,
  log: Logger,
  /** The snapshot the worker serves: the proxy plane relays MCP requests of consumers of per-user servers (user-signin-mcp.ts). */
  snapshot?: () => Snapshot | undefined,
): { middleware: Koa.Middleware; close(): Promise<void> } | undefined {
  const byPath = NEEDS_STORE[plane];
  if (!byPath) return undefined;
  const needsStore = (path: string) => {
    if (byPath(path)) return true;
    const current = plane === 'proxy' ? snapshot?.() : undefined;
    return !!current && needsUserSignIn(current, path);
  };
  // One small pool of loopback connections to the primary per plane.
  const dispatcher = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
  const middleware: Koa.Middleware = async (koa, next) => {
    if (!needsStore(koa.path)) return next();
    try {
      const answer = await request(new URL(koa.req.url ?? koa.path, primaryUrl), {
        dispatcher,
        method: koa.method as 'GET',
        // Appended to, as a proxy does: with --trust-proxy the primary reads the client's address from the start of it.
        headers: { ...relayable(koa.req.headers), 'x-forwarded-for': [koa.get('x-forwarded-for'), koa.req.socket.remoteAddress].filter(Boolean).join(', ') },
        body: koa.method === 'GET' || koa.method === 'HEAD' ? undefined : koa.req,
        // An MCP tool call may outlast 30 s and its event stream stays open: the primary bounds those itself.
        headersTimeout: koa.path.endsWith('/mcp') ? 0 : 30_000,
        bodyTimeout: koa.path.endsWith('/mcp') ? 0 : 30_000,
      });
      koa.respond = false;
      koa.res.writeHead(answer.statusCode, relayable(answer.headers));
      await pipeline(answer.body, koa.res);
    } catch (err) {
      if (koa.res.headersSent) {
        koa.res.destroy();
        return;
      }
      koa.respond = true;
      const reply = errorAnswer(new GatewayError('store_unavailable', { message: 'the primary process, which holds the store, did not answer', cause: err }), log, koa.path);
      koa.status = reply.status;
      for (const [k, v] of Object.entries(reply.headers)) koa.set(k, v);
      koa.body = reply.body;
    }
  };
  return { middleware, close: () => dispatcher.close() };
}
