/**
 * The proxy plane: a Koa shell of exactly three middlewares (error mapper, context builder,
 * pipeline runner) around the hook pipeline, behind the health endpoints, which answer first and
 * need no credentials. Plugins never touch Koa.
 */
import { randomUUID } from 'node:crypto';
import Koa from 'koa';
import { closeWhenBodyUnread } from '../http/close-unread-body.js';
import { GatewayError, toGatewayError } from '../errors/gateway-error.js';
import { healthMiddleware, type ReadinessReport } from '../http/health.js';
import { accessLog, accessLogEnabled } from '../http/access-log.js';
import { parseJsonObject, readRawBody } from '../http/read-body.js';
import { ClientAbort } from '../pipeline/client-signal.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import type { SnapshotHolder } from '../snapshot/holder.js';
import { runAfterResponse } from './after-response.js';
import { runChat } from './chat/run-chat.js';
import { createExchange } from './create-exchange.js';
import { readOperationBody } from './operations/operation-body.js';
import { encodeErrorBody } from './error-response.js';
import { errorFormatForPath, parseProxyPath, type ProxyRoute } from './routes.js';
import { parseProxyQuery } from './url-input.js';
import type { ProxyRuntime } from './runtime.js';
import type { PipelineHooks } from '../pipeline/hooks.js';
import { checkModelText } from './model-text.js';
import { requestOrigin } from '../oauth/request-origin.js';
import { proxyChallengeHeaders } from '../oauth/protected-resource.js';
import type { McpEndpoint } from '../mcp/endpoint/endpoint.js';
import { mcpUnauthorized } from '../mcp/endpoint/client-auth.js';
import { mcpErrorBody } from '../mcp/endpoint/error-body.js';

export interface ProxyAppDeps {
  holder: SnapshotHolder;
  runtime: ProxyRuntime;
  readiness: () => ReadinessReport;
  /** Operations other than chat, served by their own handlers (models, embeddings, ...). */
  operations?: Partial<Record<string, OperationHandler>>;
  /** The OAuth endpoints (core/oauth/mount.ts): resource metadata and the gateway's authorization server. */
  oauth?: Koa.Middleware;
  /** `/{slug}/mcp`, when the plane serves MCP (core/mcp/endpoint). */
  mcp?: McpEndpoint;
}

/** The request body: chat JSON parsed; other operations' JSON parsed, multipart kept as the bytes received; none for the model list. */
async function readProxyBody(koa: Koa.Context, route: ProxyRoute): Promise<unknown> {
  let body: unknown;
  if (koa.method === 'POST' && route.operation === 'chat') body = parseJsonObject(await readRawBody(koa.req));
  else if (route.operation !== 'chat' && route.operation !== 'models') body = await readOperationBody(koa.req);
  checkModelText(body);
  return body;
}

export type OperationHandler = (koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, route: ProxyRoute) => Promise<void>;

interface ProxyState {
  exchange?: Exchange;
  route?: ProxyRoute;
}

function header(koa: Koa.Context, name: string): string | undefined {
  const v = koa.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function createProxyApp(deps: ProxyAppDeps): Koa {
  const { holder, runtime } = deps;
  const app = new Koa();
  app.proxy = false;
  app.silent = true;

  // Every proxy response carries a trace id, health answers included.
  app.use(healthMiddleware('proxy', deps.readiness, (koa) => koa.set('x-ag-trace-id', randomUUID())));
  // Health probes are not logged: they would drown the requests.
  if (accessLogEnabled()) app.use(accessLog('proxy', runtime.log, (koa) => (koa.state as ProxyState).exchange));
  // The OAuth paths answer before the pipeline, which never sees them.
  if (deps.oauth) app.use(deps.oauth);

  // 1. Error mapper: any failure becomes the client format's own error object; an answer given
  // before the body was read closes the connection (close-unread-body.ts).
  app.use(async (koa, next) => closeWhenBodyUnread(koa, async () => {
    try {
      await next();
    } catch (err) {
      const error = toGatewayError(err);
      const state = koa.state as ProxyState;
      const ctx = state.exchange;
      if (ctx) {
        ctx.snapshot.entryHooks.onError.call(error, ctx);
        if (ctx.consumer) ctx.snapshot.chainFor(ctx.consumer).onError.call(error, ctx);
      }
      if (error.status >= 500 && error.source !== 'upstream') runtime.log.error('proxy request failed', { trace_id: ctx?.traceId, code: error.code, error: (error.cause as Error | undefined)?.message ?? error.message });
      // An upstream failure is no fault of the gateway, but an operator must see it.
      else if (error.status >= 500) runtime.log.warn('upstream failed', { trace_id: ctx?.traceId, code: error.code, status: error.status, error: error.message });
      if (koa.headerSent || !koa.writable) return;
      const format = runtime.formats.get(ctx?.clientFormat ?? errorFormatForPath(state.route?.route ?? koa.path.replace(/^\/[^/]+/, '')));
      koa.status = error.status === 499 ? 400 : error.status;
      koa.set('x-gateway-error-source', error.source === 'upstream' ? 'upstream' : 'gateway');
      koa.set('x-ag-trace-id', ctx?.traceId ?? randomUUID());
      for (const [k, v] of Object.entries({ ...ctx?.responseHeaders, ...error.headers })) koa.set(k, v);
      koa.body = state.route?.operation === 'mcp' ? mcpErrorBody(error) : encodeErrorBody(error, format);
    }
  }));

  // 2. Context builder: fixed paths only; decodes the query; builds the exchange.
  app.use(async (koa, next) => {
    const route = parseProxyPath(koa.path);
    const state = koa.state as ProxyState;
    state.route = route;
    if (!route) throw new GatewayError('not_found', { message: `no route ${koa.method} ${koa.path}` });
    if (route.operation === 'mcp' && !deps.mcp) throw new GatewayError('not_found', { message: `no route ${koa.method} ${koa.path}` });
    if (route.operation === 'chat' && koa.method !== 'POST') throw new GatewayError('not_found', { message: `no route ${koa.method} ${koa.path}` });
    // Decoded once, here: a malformed escape or a repeated parameter is a 400 in the client format.
    const query = parseProxyQuery(koa.querystring);
    // Watched from before the body is read, so a client leaving at any point is seen here, and
    // logged once, at info level: it is no failure of the gateway (its 499 is below what the
    // error mapper logs).
    const clientGone = new ClientAbort();
    koa.res.once('close', () => {
      if (koa.res.writableFinished) return;
      clientGone.abort();
      runtime.log.info('client closed the connection', { trace_id: state.exchange?.traceId, path: koa.path, reason: 'client_closed' });
    });
    // The body is read by the pipeline runner once the caller is authenticated.
    const ctx = createExchange(holder.current, route, { method: koa.method, path: koa.path, query, headers: koa.req.headers, body: undefined }, clientGone);
    state.exchange = ctx;
    koa.res.setHeader('x-ag-trace-id', ctx.traceId);
    await next();
  });

  // 3. Pipeline runner: authenticate, resolve the consumer, run the operation, then settle.
  app.use(async (koa) => {
    const state = koa.state as ProxyState;
    const ctx = state.exchange!;
    const route = state.route!;
    const { snapshot } = ctx;
    // Until this request has settled, a replaced snapshot keeps its plugins' resources open.
    const release = snapshot.hold();
    let hooks: PipelineHooks | undefined;
    let outcomeError: GatewayError | undefined;
    try {
      const principal = await snapshot.entryHooks.authenticate.promise(ctx);
      const gatewaySlug = header(koa, 'x-ag-gateway-slug');
      // MCP refusals name the right key and carry the OAuth challenge (core/mcp/endpoint/client-auth.ts);
      // proxy refusals carry it when OAuth covers the consumer (core/oauth/protected-resource.ts).
      const unauthorized = (message: string) =>
        route.operation === 'mcp'
          ? mcpUnauthorized(ctx.incoming, message, deps.mcp?.resourceMetadataUrl)
          : new GatewayError('unauthorized', { message, headers: proxyChallengeHeaders(snapshot, requestOrigin(koa), route.consumerSlug, gatewaySlug) });
      if (!principal) throw unauthorized('missing or invalid API key');
      if (gatewaySlug && snapshot.gatewayBySlug(gatewaySlug)?.id !== principal.gatewayId) {
        throw unauthorized('the credential does not belong to this gateway');
      }
      ctx.principal = principal;
      let consumer = snapshot.consumer(principal.gatewayId, route.consumerSlug);
      if (!consumer || !(consumer.authIds.has(principal.authId) || principal.consumerId === consumer.id)) {
        throw unauthorized('the credential is not attached to this consumer');
      }
      if (snapshot.entryHooks.resolveConsumer.taps.length) consumer = await snapshot.entryHooks.resolveConsumer.promise(consumer, ctx);
      // Only now: nobody unauthenticated makes the proxy read and hold a body up to its limit.
      // The MCP endpoint reads its own body (JSON-RPC, under the same limit).
      if (route.operation !== 'mcp') ctx.incoming.body = await readProxyBody(koa, route);
      ctx.consumer = consumer;
      hooks = snapshot.chainFor(consumer);
      if (route.operation === 'mcp') await deps.mcp!.serve(koa, ctx);
      else if (route.operation === 'chat') await runChat(koa, ctx, hooks, runtime, route.pathModel, route.pathStream);
      else {
        const handler = deps.operations?.[route.operation];
        if (!handler) throw new GatewayError('not_found', { message: `no route ${koa.method} ${koa.path}` });
        await handler(koa, ctx, hooks, route);
      }
      // Straight onto the response: Koa's `set` builds arrays for every header it sets.
      if (!koa.headerSent) for (const name in ctx.responseHeaders) koa.res.setHeader(name, ctx.responseHeaders[name]!);
    } catch (err) {
      outcomeError = toGatewayError(err);
      throw err;
    } finally {
      if (hooks) {
        const outcome: Outcome = {
          status: outcomeError?.status ?? (koa.respond === false ? (route.operation === 'mcp' ? koa.res.statusCode : 200) : koa.status),
          usage: ctx.usage,
          error: outcomeError && { code: outcomeError.code, message: outcomeError.message },
          durationMs: performance.now() - ctx.startedAt,
          cached: !!ctx.cached,
          streamed: !!ctx.request?.stream,
        };
        runAfterResponse(ctx, hooks, outcome, runtime.log, release);
      } else release();
    }
  });
  return app;
}
