/**
 * The pipeline's hooks, declared once (as webpack's Compiler declares its hooks). A fresh,
 * frozen hooks object is built for each compiled policy chain of a config snapshot; plugins tap
 * it when the snapshot is built, never per request. The stage order and each hook's tapable type
 * follow docs/architecture.md.
 */
import {
  AsyncParallelHook,
  AsyncSeriesBailHook,
  AsyncSeriesHook,
  AsyncSeriesWaterfallHook,
  HookMap,
  SyncHook,
  SyncWaterfallHook,
} from 'tapable';
import type { CanonicalRequest, CanonicalResponse, StreamEvent } from '../canonical/index.js';
import type { GatewayError } from '../errors/gateway-error.js';
import type { ConsumerView, Principal } from '../snapshot/views.js';
import type { Attempt, Exchange, Outcome, RoutePlan } from './exchange.js';
import type { Rejection } from './rejection.js';

/** An upstream HTTP request being prepared for one attempt. */
export interface ProviderRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  stream: boolean;
}

/** Parts of a cache key; the core prefixes gateway, consumer scope, route and policy version. */
export type CacheKeyParts = string[];
export type CacheKey = string;

/** What `onAttemptError` decides for a failed attempt. */
export type AttemptDecision = 'retry' | 'next' | 'fail';

export function createPipelineHooks() {
  return Object.freeze({
    /** 1. First scheme that recognises the credential returns a Principal; none -> core 401. */
    authenticate: new AsyncSeriesBailHook<[Exchange], Principal | undefined>(['ctx']),
    /** 2. Each tap refines the consumer (tenant, plan, quotas); return a new value or nothing. */
    resolveConsumer: new AsyncSeriesWaterfallHook<[ConsumerView, Exchange]>(['consumer', 'ctx']),
    /** 3. Gates, cheap to expensive (SIZE, RATE, BUDGET, TOOLS): the first Rejection stops the request. */
    admit: new AsyncSeriesBailHook<[Exchange], Rejection | undefined>(['ctx']),
    /** 4a. Sequential input rewrites (redaction, templating); return the new request or nothing. */
    transformInput: new AsyncSeriesWaterfallHook<[CanonicalRequest, Exchange]>(['request', 'ctx']),
    /** 4b. Independent input checks, run concurrently; each adds findings to the exchange. */
    checkInput: new AsyncParallelHook<[CanonicalRequest, Exchange]>(['request', 'ctx']),
    /** 5a. Plugins add key parts (synchronously); the core scopes the key. */
    cacheKey: new SyncWaterfallHook<[CacheKeyParts, Exchange]>(['parts', 'ctx']),
    /** 5b. Exact before semantic; a stored response bails. */
    cacheLookup: new AsyncSeriesBailHook<[CacheKey, Exchange], CanonicalResponse | undefined>(['key', 'ctx']),
    /** 6. First router producing a plan wins; the core default router taps at STAGE.LAST. */
    route: new AsyncSeriesBailHook<[CanonicalRequest, Exchange], RoutePlan | undefined>(['request', 'ctx']),
    /** 7. Per wire format: provider quirks after the format adapter built the request. */
    adaptRequest: new HookMap<AsyncSeriesWaterfallHook<[ProviderRequest, Exchange]>>(
      () => new AsyncSeriesWaterfallHook<[ProviderRequest, Exchange]>(['request', 'ctx']),
    ),
    /** 8a. Before each upstream attempt (sign requests, add headers). */
    beforeAttempt: new AsyncSeriesHook<[Attempt, ProviderRequest, Exchange]>(['attempt', 'request', 'ctx']),
    /** 8b. A failed attempt: `retry`, `next` (fallback target) or `fail`; no opinion -> core default. */
    onAttemptError: new AsyncSeriesBailHook<[Attempt, GatewayError, Exchange], AttemptDecision | undefined>([
      'attempt',
      'error',
      'ctx',
    ]),
    /** 9a. Per client wire format: adjust the decoded response before it is encoded. */
    adaptResponse: new HookMap<AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>>(
      () => new AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
    ),
    /** 9b. Per stream event, synchronously (no promise per SSE event). */
    adaptChunk: new HookMap<SyncWaterfallHook<[StreamEvent, Exchange]>>(
      () => new SyncWaterfallHook<[StreamEvent, Exchange]>(['event', 'ctx']),
    ),
    /** 10a. Sequential output rewrites. */
    transformOutput: new AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
    /** 10b. Independent output checks, run concurrently; each adds findings. */
    checkOutput: new AsyncParallelHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
    /** 11. After the response: store it; failures are logged, never surfaced. */
    cacheStore: new AsyncParallelHook<[CacheKey, CanonicalResponse, Exchange]>(['key', 'response', 'ctx']),
    /** 12. After the response, always: commit or release reservations with real usage. */
    settle: new AsyncSeriesHook<[Outcome, Exchange]>(['outcome', 'ctx']),
    /** 13. Fire-and-forget metrics and logs. */
    observe: new AsyncParallelHook<[Outcome, Exchange]>(['outcome', 'ctx']),
    /** Errors: log and add headers only; cannot replace the error. */
    onError: new SyncHook<[GatewayError, Exchange]>(['error', 'ctx']),
  });
}

export type PipelineHooks = ReturnType<typeof createPipelineHooks>;
export type HookName = keyof PipelineHooks;

/** Hooks keyed by wire format. */
export const KEYED_HOOKS: ReadonlySet<HookName> = new Set(['adaptRequest', 'adaptResponse', 'adaptChunk']);

/** The hook names in pipeline order. */
export const HOOK_ORDER: readonly HookName[] = [
  'authenticate',
  'resolveConsumer',
  'admit',
  'transformInput',
  'checkInput',
  'cacheKey',
  'cacheLookup',
  'route',
  'adaptRequest',
  'beforeAttempt',
  'onAttemptError',
  'adaptResponse',
  'adaptChunk',
  'transformOutput',
  'checkOutput',
  'cacheStore',
  'settle',
  'observe',
  'onError',
];
