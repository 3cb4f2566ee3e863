import type Koa from 'koa';
import { FormatError, responseToEvents, type CanonicalResponse, type WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Attempt, Exchange, RouteTarget } from '../../pipeline/exchange.js';
import type { PipelineHooks } from '../../pipeline/hooks.js';
import { enforceFindings } from '../enforce-findings.js';
import type { ProxyRuntime } from '../runtime.js';
import { prepareChatRequest } from '../upstream/provider-request.js';
import { afterFirstEvent } from '../routing/first-event.js';
import { takeSlot } from '../routing/attempt-slot.js';
import type { BreakerOutcome } from '../routing/circuit-breaker.js';
import { AttemptPolicy } from './attempt-decision.js';
import { settleFailedAttempt } from './failed-attempt.js';
import { selectionHeaders } from '../operations/relay-answer.js';
import { bufferStream } from './buffer-stream.js';
import { relayStream } from './relay-stream.js';
import { readChatAnswer } from './read-chat-answer.js';
import { clientClosedError, connectionErrorOf, isConnectionFailure, upstreamErrorOf } from './upstream-error.js';
import { createHash } from 'node:crypto';

function decode(format: WireFormat, ctx: Exchange, pathModel?: string, pathStream?: boolean) {
  try {
    const stream = pathStream || ctx.incoming.query.alt === 'sse' ? true : undefined;
    return format.decodeRequest(ctx.incoming.body, { pathModel, stream });
  } catch (err) {
    if (err instanceof FormatError) throw new GatewayError('invalid_request', { message: err.message, param: err.param });
    throw err;
  }
}

/** Gemini clients that did not ask for SSE get a streamed JSON array. */
const wantsSse = (ctx: Exchange) => ctx.clientFormat !== 'gemini' || ctx.incoming.query.alt === 'sse';

/** Stages 9a and 10 on a whole answer: adapt, output transforms, output checks (a block throws). */
async function outputStages(ctx: Exchange, hooks: PipelineHooks, clientFormat: WireFormat, response: CanonicalResponse): Promise<CanonicalResponse> {
  let out = response;
  const adapt = hooks.adaptResponse.get(clientFormat.id);
  if (adapt) out = await adapt.promise(out, ctx);
  if (hooks.transformOutput.taps.length) out = await hooks.transformOutput.promise(out, ctx);
  if (hooks.checkOutput.taps.length) {
    const from = ctx.findings.length;
    await hooks.checkOutput.promise(out, ctx);
    enforceFindings(ctx, from);
  }
  ctx.response = out;
  return out;
}

async function answer(koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, clientFormat: WireFormat, response: CanonicalResponse, raw?: string) {
  const out = await outputStages(ctx, hooks, clientFormat, response);
  koa.status = 200;
  koa.type = 'application/json';
  koa.body = raw !== undefined && out === response ? raw : JSON.stringify(clientFormat.encodeResponse(out, { request: ctx.request!, model: out.model }));
}

/**
 * Answers a whole answer as a stream: the output stages run first (a block throws, so the
 * client gets the refusal with its status before any byte), then the answer is replayed as one
 * stream in the client's format.
 */
async function answerAsStream(koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, clientFormat: WireFormat, whole: CanonicalResponse) {
  const out = await outputStages(ctx, hooks, clientFormat, whole);
  const encoder = clientFormat.createStreamEncoder({ request: ctx.request!, model: out.model, sse: wantsSse(ctx) });
  let text = encoder.open();
  for (const event of responseToEvents(out)) text += encoder.write(event);
  text += encoder.close();
  koa.status = 200;
  koa.type = wantsSse(ctx) ? 'text/event-stream' : 'application/json';
  koa.body = text;
}

/**
 * Replays a cached answer, as a stream when the client streams. A cache hit still runs the
 * output stages (docs/architecture.md), streamed or not: the whole answer is at hand, so it is
 * checked before its first event is written.
 */
async function answerFromCache(koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, clientFormat: WireFormat, cached: CanonicalResponse) {
  ctx.cached = true;
  if (!ctx.request!.stream) return answer(koa, ctx, hooks, clientFormat, cached);
  return answerAsStream(koa, ctx, hooks, clientFormat, cached);
}

/**
 * The chat exchange after authentication: decode, admit, input transforms and checks, cache,
 * route, upstream attempts with fallback, then the answer or the relayed stream.
 */
export async function runChat(koa: Koa.Context, ctx: Exchange, hooks: PipelineHooks, runtime: ProxyRuntime, pathModel?: string, pathStream?: boolean): Promise<void> {
  const clientFormat = runtime.formats.get(ctx.clientFormat!);
  if (!clientFormat) throw new GatewayError('internal_error', { message: `no adapter for ${ctx.clientFormat}` });
  const original = decode(clientFormat, ctx, pathModel, pathStream);
  ctx.request = original;

  const rejection = hooks.admit.taps.length ? await hooks.admit.promise(ctx) : undefined;
  if (rejection) throw rejection.error;

  if (hooks.transformInput.taps.length) {
    ctx.request = await hooks.transformInput.promise(original, ctx);
    ctx.requestRewritten = ctx.request !== original;
  }
  if (hooks.checkInput.taps.length) {
    const from = ctx.findings.length;
    await hooks.checkInput.promise(ctx.request, ctx);
    enforceFindings(ctx, from);
  }

  if (hooks.cacheLookup.taps.length) {
    const parts = hooks.cacheKey.call([JSON.stringify(ctx.request)], ctx);
    const scope = `${ctx.consumer!.gatewayId}|${ctx.consumer!.id}|${ctx.incoming.route}|${ctx.snapshot.revision}`;
    ctx.cacheKey = `${scope}|${createHash('sha256').update(parts.join('\u0000')).digest('hex')}`;
    const hit = await hooks.cacheLookup.promise(ctx.cacheKey, ctx);
    if (hit) return answerFromCache(koa, ctx, hooks, clientFormat, hit);
  }

  const plan = await hooks.route.promise(ctx.request, ctx);
  if (plan?.refusal) throw plan.refusal;
  if (!plan || plan.targets.length === 0) throw new GatewayError('no_capable_registry', { message: 'no registry can serve this model' });
  ctx.route = plan;

  // The attempt loop: each target in order, retried with backoff while the consumer's retry
  // settings allow, then the next one when a fallback trigger fires (before any byte reached the client).
  const policy = new AttemptPolicy(ctx, runtime.upstream.timeouts, runtime.routing.random);
  let retries = 0;
  for (let i = 0; i < plan.targets.length; i++) {
    const hasNext = i + 1 < plan.targets.length;
    const result = await attemptTarget(koa, ctx, hooks, runtime, clientFormat, policy, plan.targets[i], hasNext);
    if (result.kind === 'answered') return;
    if (result.kind === 'moved_on') {
      retries = 0;
      continue;
    }
    const action = await settleFailedAttempt(ctx, hooks, policy, result.attempt, result.failure, hasNext, retries, result.targetOpen);
    if (action === 'retry') {
      retries++;
      i--;
      continue;
    }
    retries = 0;
    if (action === 'next') continue;
    throw result.failure;
  }
  throw new GatewayError('no_capable_registry', { message: 'every target of this request is unavailable (circuit breaker open)' });
}

type AttemptResult =
  | { kind: 'answered' }
  /** Skipped (circuit breaker) or a content-filtered answer with a next target: go on without deciding. */
  | { kind: 'moved_on'; attempt: Attempt }
  | { kind: 'failed'; attempt: Attempt; failure: GatewayError; targetOpen: boolean };

/**
 * One upstream attempt on one target: the call, holding a slot on its registry (breaker ticket
 * and in-flight count) until the answer is over, and the answer itself when it succeeds. A
 * stream is committed only once its first well-formed event arrived, so a stream that fails,
 * stalls or is malformed before that is a failed attempt like any other.
 */
async function attemptTarget(
  koa: Koa.Context,
  ctx: Exchange,
  hooks: PipelineHooks,
  runtime: ProxyRuntime,
  clientFormat: WireFormat,
  policy: AttemptPolicy,
  target: RouteTarget,
  hasNext: boolean,
): Promise<AttemptResult> {
  const prepared = prepareChatRequest(ctx, target, runtime.formats);
  let request = prepared.request;
  const adapt = hooks.adaptRequest.get(prepared.upstreamFormat.id);
  if (adapt) request = await adapt.promise(request, ctx);
  const headersTimeout = policy.attemptTimeoutMs();
  const attempt: Attempt = { registryId: target.registry.id, provider: target.registry.providerId, model: target.model, startedAt: performance.now() };
  ctx.attempts.push(attempt);
  if (hooks.beforeAttempt.taps.length) await hooks.beforeAttempt.promise(attempt, request, ctx);
  const slot = takeSlot(runtime.routing, target.registry);
  if (!slot) {
    attempt.outcome = 'skipped';
    attempt.durationMs = 0;
    attempt.error = 'circuit breaker open';
    return { kind: 'moved_on', attempt };
  }

  let outcome: BreakerOutcome = 'neutral';
  let failure: GatewayError;
  try {
    try {
      const upstream = await runtime.upstream.send(target.registry.id, target.registry.baseUrl, request, ctx.signal, headersTimeout, policy.bodyTimeoutMs());
      slot.answered();
      attempt.status = upstream.statusCode;
      if (upstream.statusCode >= 400) failure = await upstreamErrorOf(upstream, prepared.upstreamFormat);
      else if (request.stream) {
        // Nothing reaches the client before the first well-formed event: a stream broken
        // before it is a failed attempt (breaker, retries, fallback) like an error answer.
        const body = await afterFirstEvent(upstream.body, prepared.upstreamFormat, runtime.upstream.answerLimitBytes);
        if (body instanceof GatewayError) failure = body;
        else {
          outcome = 'success';
          attempt.outcome = 'ok';
          selectionHeaders(ctx, target);
          await streamAnswer(koa, ctx, hooks, clientFormat, prepared.upstreamFormat, prepared.passthrough, { ...upstream, body }, target, runtime.upstream.answerLimitBytes);
          attempt.durationMs = performance.now() - attempt.startedAt;
          return { kind: 'answered' };
        }
      } else {
        const read = await readChatAnswer(upstream.body, prepared.upstreamFormat, runtime.upstream.answerLimitBytes);
        // A malformed or oversized answer is the upstream's failure (a 502): it counts for the
        // breaker and moves on as an error answer would; none of it has reached the client.
        if (read instanceof GatewayError) failure = read;
        else {
          const { raw, response } = read;
          outcome = 'success';
          if (policy.skipsFilteredAnswer(response, hasNext)) {
            attempt.outcome = 'fallback';
            attempt.trigger = 'content_filter';
            attempt.error = 'the answer was content-filtered';
            attempt.durationMs = performance.now() - attempt.startedAt;
            return { kind: 'moved_on', attempt };
          }
          attempt.outcome = 'ok';
          selectionHeaders(ctx, target);
          // Some formats (Cohere) name no model in their answer: report the one called.
          if (!response.model) response.model = target.model;
          ctx.usage = response.usage;
          await answer(koa, ctx, hooks, clientFormat, response, prepared.passthrough ? raw : undefined);
          attempt.durationMs = performance.now() - attempt.startedAt;
          return { kind: 'answered' };
        }
      }
    } catch (err) {
      if (err instanceof GatewayError) throw err;
      if (ctx.signal.aborted) throw clientClosedError();
      if (!isConnectionFailure(err)) throw err;
      failure = connectionErrorOf(err);
    }
    outcome = slot.outcomeOf(failure);
  } finally {
    slot.release(outcome);
  }
  attempt.durationMs = performance.now() - attempt.startedAt;
  return { kind: 'failed', attempt, failure, targetOpen: slot.open() };
}

async function streamAnswer(
  koa: Koa.Context,
  ctx: Exchange,
  hooks: PipelineHooks,
  clientFormat: WireFormat,
  upstreamFormat: WireFormat,
  passthrough: boolean,
  upstream: Awaited<ReturnType<ProxyRuntime['upstream']['send']>>,
  target: RouteTarget,
  limitBytes: number,
) {
  const streamPolicy = ctx.snapshot.streamPolicyFor(ctx.consumer!);
  if (streamPolicy === 'buffer') {
    // The output checks see the whole answer before the client sees any of it.
    const whole = await bufferStream(ctx, hooks, upstream, upstreamFormat, limitBytes);
    if (whole instanceof GatewayError) throw whole;
    if (!whole.model) whole.model = target.model;
    ctx.usage = whole.usage;
    await answerAsStream(koa, ctx, hooks, clientFormat, whole);
    ctx.streamComplete = true;
    return;
  }
  const sse = wantsSse(ctx);
  const res = koa.res;
  koa.respond = false;
  res.writeHead(200, {
    'content-type': sse ? 'text/event-stream' : 'application/json',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-ag-trace-id': ctx.traceId,
    ...ctx.responseHeaders,
  });
  res.flushHeaders();
  const encoder = clientFormat.createStreamEncoder({ request: ctx.request!, model: target.model, sse });
  const { assembler, complete } = await relayStream(ctx, {
    upstream,
    upstreamFormat,
    clientEncoder: encoder,
    rawForward: passthrough && sse && !ctx.requestRewritten,
    res,
    hooks,
    checkStream: streamPolicy === 'window' && hooks.checkStream.taps.length > 0,
    limitBytes,
  });
  ctx.response = assembler.result();
  ctx.usage = ctx.response.usage;
  ctx.streamComplete = complete;
  res.end();
}
