/**
 * The pipeline's hooks, declared once (as webpack's Compiler declares its hooks), in one table
 * that holds each hook's tapable type and traits: synchronous or not, bailing, keyed by wire
 * format, core-only, what its answer must be, and (by its row's place) its order in the
 * pipeline. The chain compiler, the tap recorder and the interceptors read their knowledge of
 * the hooks from this table only. A fresh, frozen hooks object is built from it for each
 * compiled policy chain of a config snapshot; plugins tap it when the snapshot is built, never
 * per request. The stage order follows docs/architecture.md.
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
import type { CanonicalRequest, CanonicalResponse, StreamAssembler, StreamEvent } from '../canonical/index.js';
import type { GatewayError } from '../errors/gateway-error.js';
import type { McpToolCall, McpToolEntry, McpToolResult } from '../mcp/toolkit-types.js';
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

/**
 * What a stream hook tap sees at each window of a streamed answer: the answer assembled so far
 * (`text()` of its text, `result()` as a canonical response) and whether the stream has ended.
 */
export type StreamWindow = Pick<StreamAssembler, 'text' | 'result' | 'finished'>;

/**
 * A stream hook tap's verdict: a reason stops the stream (the client gets the failure event
 * carrying it, and nothing of the event that tripped it); `undefined` lets it go on.
 */
export type StreamVerdict = string | undefined;

/** How a plugin's output checks see streamed answers; the strictest of a chain wins (buffer > window > passthrough). */
export type StreamPolicy = 'buffer' | 'window' | 'passthrough';

/**
 * The traits of one hook. `create` builds its tapable hook (the tapable type); the rest say how
 * it is tapped and guarded:
 * - `sync`: tapped with `tap`, never `tapPromise` (no promise on the hot path);
 * - `bail`: the first non-undefined answer stops the hook;
 * - `keyed`: a HookMap keyed by wire format; a tap names its key;
 * - `series`: its taps return nothing, so same-stage `parallel` policies may run together;
 * - `coreOnly`: only the core taps it; a plugin declaring it is refused at load;
 * - `answer`: what a non-undefined return must be (`rejection` for gates, `reason` for stream
 *   verdicts); a closed failure of a `rejection` hook becomes a Rejection instead of a throw.
 */
interface HookSpec {
  create: () => unknown;
  sync: boolean;
  bail: boolean;
  keyed: boolean;
  series: boolean;
  coreOnly: boolean;
  answer?: 'rejection' | 'reason';
}

const traits = (t: Partial<Omit<HookSpec, 'create'>> = {}) => ({ sync: false, bail: false, keyed: false, series: false, coreOnly: false, ...t });

/** Every hook, in pipeline order, with its tapable type and traits. */
export const HOOKS = {
  /** 1. First scheme that recognises the credential returns a Principal; none -> core 401. Core-only: see docs/plugins.md. */
  authenticate: {
    create: () => new AsyncSeriesBailHook<[Exchange], Principal | undefined>(['ctx']),
    ...traits({ bail: true, coreOnly: true }),
  },
  /** 2. Each tap refines the consumer (tenant, plan, quotas); return a new value or nothing. Core-only. */
  resolveConsumer: {
    create: () => new AsyncSeriesWaterfallHook<[ConsumerView, Exchange]>(['consumer', 'ctx']),
    ...traits({ coreOnly: true }),
  },
  /** 3. Gates, cheap to expensive (SIZE, RATE, BUDGET, TOOLS): the first Rejection stops the request. */
  admit: {
    create: () => new AsyncSeriesBailHook<[Exchange], Rejection | undefined>(['ctx']),
    ...traits({ bail: true, answer: 'rejection' }),
  },
  /**
   * 3m. MCP plane: the consumer's merged toolkit before a `tools/list` answer or a `tools/call`
   * lookup (after core scoping); a tap returns the tools it keeps (a poisoned description hidden).
   */
  filterTools: {
    create: () => new AsyncSeriesWaterfallHook<[McpToolEntry[], Exchange]>(['tools', 'ctx']),
    ...traits(),
  },
  /** 3n. MCP plane: gates on a tool call (per-tool rate limits); a reason refuses it as an `isError` result. */
  admitToolCall: {
    create: () => new AsyncSeriesBailHook<[McpToolCall, Exchange], string | undefined>(['call', 'ctx']),
    ...traits({ bail: true, answer: 'reason' }),
  },
  /** 3o. MCP plane: sequential rewrites of a tool call (masked arguments, or a `refusal`). */
  transformToolCall: {
    create: () => new AsyncSeriesWaterfallHook<[McpToolCall, Exchange]>(['call', 'ctx']),
    ...traits(),
  },
  /** 3p. MCP plane: sequential rewrites of a tool's result before the client sees it (masked, or replaced by an `isError` result). */
  transformToolResult: {
    create: () => new AsyncSeriesWaterfallHook<[McpToolResult, Exchange]>(['result', 'ctx']),
    ...traits(),
  },
  /** 4a. Sequential input rewrites (redaction, templating); return the new request or nothing. */
  transformInput: {
    create: () => new AsyncSeriesWaterfallHook<[CanonicalRequest, Exchange]>(['request', 'ctx']),
    ...traits(),
  },
  /** 4b. Independent input checks, run concurrently; each adds findings to the exchange. */
  checkInput: {
    create: () => new AsyncParallelHook<[CanonicalRequest, Exchange]>(['request', 'ctx']),
    ...traits(),
  },
  /** 5a. Plugins add key parts (synchronously); the core scopes the key. */
  cacheKey: {
    create: () => new SyncWaterfallHook<[CacheKeyParts, Exchange]>(['parts', 'ctx']),
    ...traits({ sync: true }),
  },
  /** 5b. Exact before semantic; a stored response bails. */
  cacheLookup: {
    create: () => new AsyncSeriesBailHook<[CacheKey, Exchange], CanonicalResponse | undefined>(['key', 'ctx']),
    ...traits({ bail: true }),
  },
  /** 6. First router producing a plan wins; the core default router taps at STAGE.LAST. */
  route: {
    create: () => new AsyncSeriesBailHook<[CanonicalRequest, Exchange], RoutePlan | undefined>(['request', 'ctx']),
    ...traits({ bail: true }),
  },
  /** 7. Per wire format: provider quirks after the format adapter built the request. */
  adaptRequest: {
    create: () =>
      new HookMap<AsyncSeriesWaterfallHook<[ProviderRequest, Exchange]>>(
        () => new AsyncSeriesWaterfallHook<[ProviderRequest, Exchange]>(['request', 'ctx']),
      ),
    ...traits({ keyed: true }),
  },
  /** 8a. Before each upstream attempt (sign requests, add headers). */
  beforeAttempt: {
    create: () => new AsyncSeriesHook<[Attempt, ProviderRequest, Exchange]>(['attempt', 'request', 'ctx']),
    ...traits({ series: true }),
  },
  /** 8b. A failed attempt: `retry`, `next` (fallback target) or `fail`; no opinion -> core default. */
  onAttemptError: {
    create: () => new AsyncSeriesBailHook<[Attempt, GatewayError, Exchange], AttemptDecision | undefined>(['attempt', 'error', 'ctx']),
    ...traits({ bail: true }),
  },
  /** 9a. Per client wire format: adjust the decoded response before it is encoded. */
  adaptResponse: {
    create: () =>
      new HookMap<AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>>(
        () => new AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
      ),
    ...traits({ keyed: true }),
  },
  /** 9b. Per stream event, synchronously (no promise per SSE event). */
  adaptChunk: {
    create: () =>
      new HookMap<SyncWaterfallHook<[StreamEvent, Exchange]>>(() => new SyncWaterfallHook<[StreamEvent, Exchange]>(['event', 'ctx'])),
    ...traits({ sync: true, keyed: true }),
  },
  /**
   * 10s. Output checks of a streamed answer under the `window` stream policy: run at each window
   * (each complete upstream event, before it is relayed; `finished` is set at the event that
   * ends the answer) with the answer so far. A reason stops the stream with the failure event;
   * nothing lets it go on. Taps that evaluate in larger windows keep their progress in kit.state.
   */
  checkStream: {
    create: () => new AsyncSeriesBailHook<[StreamWindow, Exchange], StreamVerdict>(['window', 'ctx']),
    ...traits({ bail: true, answer: 'reason' }),
  },
  /** 10a. Sequential output rewrites (of a whole answer: buffered, or a stream under the `buffer` policy). */
  transformOutput: {
    create: () => new AsyncSeriesWaterfallHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
    ...traits(),
  },
  /** 10b. Independent output checks, run concurrently; each adds findings. */
  checkOutput: {
    create: () => new AsyncParallelHook<[CanonicalResponse, Exchange]>(['response', 'ctx']),
    ...traits(),
  },
  /** 11. After the response: store it; failures are logged, never surfaced. */
  cacheStore: {
    create: () => new AsyncParallelHook<[CacheKey, CanonicalResponse, Exchange]>(['key', 'response', 'ctx']),
    ...traits(),
  },
  /** 12. After the response, always: commit or release reservations with real usage. */
  settle: {
    create: () => new AsyncSeriesHook<[Outcome, Exchange]>(['outcome', 'ctx']),
    ...traits({ series: true }),
  },
  /** 13. Fire-and-forget metrics and logs. */
  observe: {
    create: () => new AsyncParallelHook<[Outcome, Exchange]>(['outcome', 'ctx']),
    ...traits(),
  },
  /** Errors: log and add headers only; cannot replace the error. */
  onError: {
    create: () => new SyncHook<[GatewayError, Exchange]>(['error', 'ctx']),
    ...traits({ sync: true }),
  },
} as const satisfies Record<string, HookSpec>;

export type HookName = keyof typeof HOOKS;

/** The tapable hooks of one compiled chain, one per row of HOOKS. */
export type PipelineHooks = { readonly [K in HookName]: ReturnType<(typeof HOOKS)[K]['create']> };

/** The hook names in pipeline order (the order of HOOKS). */
export const HOOK_ORDER = Object.freeze(Object.keys(HOOKS) as HookName[]);

/** A hook's traits. */
export const traitsOf = (hook: HookName): HookSpec => HOOKS[hook];

/** Whether `name` is a pipeline hook. */
export const isHookName = (name: string): name is HookName => Object.hasOwn(HOOKS, name);

/** A fresh, frozen set of the pipeline's hooks, built from HOOKS. */
export function createPipelineHooks(): PipelineHooks {
  const hooks: Record<string, unknown> = {};
  for (const name of HOOK_ORDER) hooks[name] = HOOKS[name].create();
  return Object.freeze(hooks) as PipelineHooks;
}
