import type { CanonicalRequest, CanonicalResponse, Usage, WireFormatId } from '../canonical/index.js';
import type { GatewayError } from '../errors/gateway-error.js';
import type { ClientSignal } from './client-signal.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { ConsumerView, Principal, RegistryView } from '../snapshot/views.js';
import type { ToolCallRecord } from '../mcp/toolkit.js';

/** What a proxy request asks for. */
export type Operation =
  | 'chat'
  | 'embeddings'
  | 'rerank'
  | 'images'
  | 'files'
  | 'audio'
  | 'models'
  | 'mcp';

/** One upstream target of a route plan. */
export interface RouteTarget {
  registry: RegistryView;
  /** The native model id sent upstream (deployment names already applied). */
  model: string;
  /** The model id the deployment serves, when `model` is a deployment name (Azure). */
  modelId?: string;
}

/** The ordered targets the core tries (first, then fallbacks). */
export interface RoutePlan {
  targets: RouteTarget[];
  /** Why these targets: `explicit`, `pin`, `auto:<strategy>`, `pool:<name>`, `smart:<tier>`. */
  reason: string;
  /** Smart routing: the complexity tier of the prompt, the score behind it and the signals that fired. */
  complexity?: { tier: 'simple' | 'medium' | 'hard'; score: number; signals: string[] };
  /** A router's refusal (a model the consumer may not use, nothing available): answered instead of any attempt. */
  refusal?: GatewayError;
  /** Why the plan is what it is (candidates, why each was dropped), for the trace and the OTLP record. */
  decision?: RouteDecision;
}

/** One member a reference resolved to, and what routing did with it. */
export interface RouteDecisionCandidate {
  /** The reference it came from: `auto`, `pool:<name>`, `ref:<model reference>`. */
  reference: string;
  registry_id: string;
  model: string;
  /** `target`: in the plan (the first is the chosen one); `standby`: available, not picked by the strategy; `dropped`: filtered out. */
  outcome: 'target' | 'standby' | 'dropped';
  /** Why it was dropped: `unhealthy`, `circuit_open`. */
  reason?: string;
}

/** The routing decision of one request, built from what routing computed (bounded: see `omitted`). */
export interface RouteDecision {
  /** The strategy that chose the primary target. */
  strategy: string;
  /** Smart routing: the tier whose reference was routed. */
  tier?: 'simple' | 'medium' | 'hard';
  /** The filters every candidate went through, in order. */
  filters: string[];
  candidates: RouteDecisionCandidate[];
  /** Candidates beyond the listed ones (counted, not listed). */
  omitted: number;
  /** Fallback references that resolved to nothing usable, with the reason. */
  skipped_references: Array<{ reference: string; reason: string }>;
  /** The chosen target, when there is one. */
  chosen?: { registry_id: string; model: string };
  /** A budget's step down applied to this `auto` request (see RoutingPressure). */
  budget_step?: RouteDecisionBudgetStep;
}

/** How spend pressure changed an `auto` request's route. */
export interface RouteDecisionBudgetStep {
  /** The tier cap in force (`RoutingPressure.maxTier`). */
  step: 'medium' | 'simple';
  /** The budget that caused it and the fraction of it spent (RoutingPressure). */
  budget: string;
  spent: number;
  /** Smart routing: the tier the prompt was classified as, before the cap (`tier` is the one used). */
  classified_tier?: 'simple' | 'medium' | 'hard';
  /** `tier_cap`: a smart tier stepped down (or held); `cheapest`: plain `auto` took the cheapest capable member. */
  applied: 'tier_cap' | 'cheapest';
}

/**
 * Spend pressure a budget policy puts on routing: set in `admit` (which runs before `route`),
 * read by the core router. An `auto` request under pressure has its smart-routing tier capped
 * at `maxTier` (Hard steps down to Medium, then to Simple) and, when routed as plain `auto`,
 * takes the cheapest capable member by list price. A request naming a model, a pin or a pool
 * is never rerouted. A plugin only tightens it: it keeps a lower `maxTier` already set (on the
 * same tier, the higher `spent`).
 */
export interface RoutingPressure {
  /** The strongest tier an `auto` request may use. */
  maxTier: 'medium' | 'simple';
  /** The fraction (0 to 1) of the deciding budget spent in its current window when the request was admitted. */
  spent: number;
  /** Which budget decided it, for the trace (`<policy slug>/limits/<index>` for token_rate_limiter). */
  budget: string;
}

/** One upstream call, recorded on the exchange. */
export interface Attempt {
  registryId: string;
  provider: string;
  model: string;
  /** `performance.now()` when the attempt started: the same clock as the exchange's timings. */
  startedAt: number;
  durationMs?: number;
  status?: number;
  error?: string;
  /** `skipped`: not sent, its registry's circuit breaker refused it. */
  outcome?: 'ok' | 'error' | 'retry' | 'fallback' | 'skipped';
  /** The trigger behind a `retry` or `fallback` outcome (`429`, `5xx`, `timeout`, `content_filter`, ...). */
  trigger?: string;
  /** After a `retry` outcome: the backoff waited before the next attempt, in milliseconds. */
  waitMs?: number;
}

/** One run of an asynchronous policy tap (a guardrail evaluation, a cache lookup), for traces. */
export interface TapRun {
  plugin: string;
  policyId?: string;
  hook: string;
  /** `performance.now()` at the start: the same clock as the exchange's timings. */
  startedAt: number;
  durationMs: number;
  /** The tap threw (its failure mode then decided what happened). */
  failed?: boolean;
}

/** A guardrail or policy observation, kept on the exchange and reported in telemetry. */
export interface ExchangeFinding {
  plugin: string;
  policyId?: string;
  type: string;
  action: 'block' | 'ask' | 'transform' | 'report' | 'allow';
  detail?: Record<string, unknown>;
}

/** The HTTP request as the context builder saw it. */
export interface IncomingRequest {
  method: string;
  path: string;
  /** The path after the consumer slug (`/v1/chat/completions`). */
  route: string;
  /** The query parameters, decoded and single-valued (a repeated one was refused with a 400). */
  query: Readonly<Record<string, string>>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** The consumer slug from the path. */
  consumerSlug: string;
}

/** The outcome handed to `settle` and `observe`, after the response is sent. */
export interface Outcome {
  status: number;
  usage?: Usage;
  error?: { code: string; message: string };
  durationMs: number;
  cached: boolean;
  streamed: boolean;
}

/**
 * The exchange context: everything one proxy request accumulates as it flows through the
 * stages. Plugins keep their own per-request data in `pluginState` via `kit.state(ctx)`.
 */
export interface Exchange {
  readonly traceId: string;
  readonly startedAt: number;
  readonly snapshot: Snapshot;
  readonly incoming: IncomingRequest;
  readonly operation: Operation;
  /** The client's wire format (chat only). */
  readonly clientFormat?: WireFormatId;
  /** Aborted when the client disconnects (no AbortSignal: see client-signal.ts). */
  readonly signal: ClientSignal;
  principal?: Principal;
  consumer?: ConsumerView;
  /** The decoded chat request (chat only). */
  request?: CanonicalRequest;
  /** Set when an input transform replaced the request: the raw body can no longer pass through. */
  requestRewritten?: boolean;
  /** The cache key, when a cache policy is in the chain. */
  cacheKey?: string;
  /** Answer came from the cache. */
  cached?: boolean;
  /** Whether a streamed answer reached its terminal event. */
  streamComplete?: boolean;
  /** Spend pressure from a budget policy (set in `admit`, read by `route`); absent when no budget is near its end. */
  routingPressure?: RoutingPressure;
  route?: RoutePlan;
  readonly attempts: Attempt[];
  /** The answer, once decoded (non-streamed or assembled from a stream). */
  response?: CanonicalResponse;
  usage?: Usage;
  readonly findings: ExchangeFinding[];
  /** Milliseconds spent per stage or plugin tap. */
  readonly timings: Record<string, number>;
  /** Asynchronous policy taps that ran, in order, at most MAX_TAP_RUNS (interceptors.ts); absent until one ran. */
  tapRuns?: TapRun[];
  /** Headers to add to the client response. */
  readonly responseHeaders: Record<string, string>;
  readonly pluginState: Map<string, object>;
  /** Callbacks queued by `kit.defer`, run in `settle`. */
  readonly deferred: Array<(outcome: Outcome) => Promise<void>>;
  /** The MCP request's protocol era, JSON-RPC method and tool call (operation `mcp` only). */
  mcp?: McpExchange;
}

/** What an MCP request did, for the metrics event, the OTLP record and the trace. */
export interface McpExchange {
  era?: 'legacy' | 'modern';
  /** The JSON-RPC method (`initialize`, `tools/list`, `tools/call`, ...), or the HTTP method of a GET or DELETE. */
  method?: string;
  /** What the toolkit reported of a `tools/call`. */
  toolCall?: ToolCallRecord;
}
