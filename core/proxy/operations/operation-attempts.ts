/**
 * The attempt loop of a non-chat request: each target of the plan in order, retried with
 * backoff while the consumer's retry settings allow, then the next target when a fallback
 * trigger fires, with the same circuit breakers, in-flight counts and timeouts as chat. The
 * first answer under 400 is handed back with its body unread, so the operation can relay the
 * bytes, or read and decoded when the operation answers from its JSON.
 */
import type { Dispatcher } from 'undici';
import type { WireFormatId } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Attempt, Exchange, RoutePlan, RouteTarget } from '../../pipeline/exchange.js';
import type { PipelineHooks, ProviderRequest } from '../../pipeline/hooks.js';
import { AttemptPolicy } from '../chat/attempt-decision.js';
import { settleFailedAttempt } from '../chat/failed-attempt.js';
import { clientClosedError, connectionErrorOf, isConnectionFailure, upstreamErrorOf } from '../chat/upstream-error.js';
import { takeSlot } from '../routing/attempt-slot.js';
import { readJsonAnswer, type JsonAnswer } from '../upstream/answer-limit.js';
import type { ProxyRuntime } from '../runtime.js';

/** One upstream call of an operation, prepared for one target. */
export interface OperationCall<T = never> {
  /** URL, method and headers; `body` is the JSON body, which `beforeAttempt` taps see and may change. */
  request: ProviderRequest;
  /** What goes on the wire: `json` sends `request.body`, a Buffer is sent as received (multipart), `none` sends nothing. */
  payload: 'json' | 'none' | Buffer;
  /** The format the upstream's error answers are in. */
  errorFormat: WireFormatId;
  /**
   * For an answer read whole (embeddings, rerank): what the client gets, from the answer's JSON
   * text and value. It runs within the attempt, so an answer that is not JSON, is longer than the
   * answer limit, or is not what the upstream's API documents (a GatewayError from the upstream)
   * fails the attempt as an error answer would: breaker, retries and fallback weigh it.
   */
  decodeAnswer?: (answer: JsonAnswer) => T;
}

/** The answering upstream and the target it served: its body unread, or read into `decoded` by the call's `decodeAnswer`. */
export interface OperationAnswer<T = never> {
  upstream: Dispatcher.ResponseData;
  target: RouteTarget;
  decoded?: T;
}

/** The answer read and decoded; the upstream's malformed or oversized answer as the GatewayError it is. */
async function decodedAnswer<T>(upstream: Dispatcher.ResponseData, decode: (answer: JsonAnswer) => T, limitBytes: number): Promise<T | GatewayError> {
  try {
    return decode(await readJsonAnswer(upstream.body, limitBytes));
  } catch (err) {
    if (err instanceof GatewayError && err.source === 'upstream') return err;
    throw err;
  }
}

async function failureOf(runtime: ProxyRuntime, upstream: Dispatcher.ResponseData, errorFormat: WireFormatId): Promise<GatewayError> {
  const format = runtime.formats.get(errorFormat) ?? runtime.formats.get('openai-chat');
  if (format) return upstreamErrorOf(upstream, format);
  await upstream.body.dump();
  return new GatewayError('upstream_error', { status: upstream.statusCode, source: 'upstream', message: `upstream answered HTTP ${upstream.statusCode}` });
}

/** Runs the plan's attempts; throws the last failure when no target answered. */
export async function callUpstream<T = never>(
  ctx: Exchange,
  hooks: PipelineHooks,
  runtime: ProxyRuntime,
  plan: RoutePlan,
  prepare: (target: RouteTarget) => OperationCall<T>,
): Promise<OperationAnswer<T>> {
  ctx.route = plan;
  const policy = new AttemptPolicy(ctx, runtime.upstream.timeouts, runtime.routing.random);
  let retries = 0;
  let lastFailure: GatewayError | undefined;
  for (let i = 0; i < plan.targets.length; i++) {
    const target = plan.targets[i];
    const hasNext = i + 1 < plan.targets.length;
    const attempt: Attempt = { registryId: target.registry.id, provider: target.registry.providerId, model: target.model, startedAt: performance.now() };
    let call: OperationCall<T>;
    try {
      call = prepare(target);
    } catch (err) {
      // The primary's refusal (a field its format cannot express) is the answer; a fallback
      // that cannot take the request is passed over, so the client sees why the primary failed.
      if (i === 0 || !(err instanceof GatewayError)) throw err;
      ctx.attempts.push({ ...attempt, outcome: 'skipped', durationMs: 0, error: err.message });
      continue;
    }
    const headersTimeout = policy.attemptTimeoutMs();
    ctx.attempts.push(attempt);
    if (hooks.beforeAttempt.taps.length) await hooks.beforeAttempt.promise(attempt, call.request, ctx);
    const slot = takeSlot(runtime.routing, target.registry);
    if (!slot) {
      attempt.outcome = 'skipped';
      attempt.durationMs = 0;
      attempt.error = 'circuit breaker open';
      retries = 0;
      continue;
    }
    let failure: GatewayError;
    try {
      const { url, method, headers } = call.request;
      const body = call.payload === 'json' ? JSON.stringify(call.request.body) : call.payload === 'none' ? undefined : call.payload;
      const upstream = await runtime.upstream.sendRaw(target.registry.id, target.registry.baseUrl, { url, method, headers, body }, ctx.signal, headersTimeout, policy.bodyTimeoutMs());
      slot.answered();
      attempt.status = upstream.statusCode;
      if (upstream.statusCode >= 400) failure = await failureOf(runtime, upstream, call.errorFormat);
      else if (call.decodeAnswer) {
        const decoded = await decodedAnswer(upstream, call.decodeAnswer, runtime.upstream.answerLimitBytes);
        if (!(decoded instanceof GatewayError)) {
          attempt.outcome = 'ok';
          attempt.durationMs = performance.now() - attempt.startedAt;
          slot.release('success');
          return { upstream, target, decoded };
        }
        failure = decoded;
      } else {
        attempt.outcome = 'ok';
        attempt.durationMs = performance.now() - attempt.startedAt;
        // The slot is held until the answer's body is over: least-connections reads it, a half-open breaker waits on it.
        upstream.body.once('close', () => slot.release('success'));
        return { upstream, target };
      }
    } catch (err) {
      if (ctx.signal.aborted || !isConnectionFailure(err)) {
        slot.release('neutral');
        throw ctx.signal.aborted ? clientClosedError() : err;
      }
      failure = connectionErrorOf(err);
    }
    slot.release(slot.outcomeOf(failure));
    attempt.durationMs = performance.now() - attempt.startedAt;
    const action = await settleFailedAttempt(ctx, hooks, policy, attempt, failure, hasNext, retries, slot.open());
    if (action === 'retry') {
      retries++;
      i--;
      continue;
    }
    retries = 0;
    if (action === 'next') {
      lastFailure = failure;
      continue;
    }
    throw failure;
  }
  throw lastFailure ?? new GatewayError('no_capable_registry', { message: 'every target of this request is unavailable (circuit breaker open)' });
}
