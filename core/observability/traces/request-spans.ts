/**
 * The spans of one proxied request, built after the response from what its exchange recorded
 * (so the request path never waits on telemetry): a server span for the request with the
 * OpenTelemetry GenAI attributes (`gen_ai.*`), and as its children a client span per upstream
 * attempt (retries and fallbacks included, each with the span id its `traceparent` carried), an
 * internal span per asynchronous policy tap that ran (guardrail evaluations, cache lookups,
 * other policies), and a client span for an MCP tool call. Never prompt or completion text,
 * headers or credentials.
 */
import { SpanKind, SpanStatusCode, TraceFlags, type Attributes, type HrTime, type SpanContext } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import type { Attempt, Exchange, Outcome, TapRun } from '../../pipeline/exchange.js';
import { routeTemplate } from '../labels.js';
import { attemptSpanIdOf, newSpanId, requestTraceOf } from './trace-context.js';

/** Where the spans come from: the exporter's resource and scope. */
export interface SpanSource {
  resource: ReadableSpan['resource'];
  scope: ReadableSpan['instrumentationScope'];
}

/** `gen_ai.operation.name` of each proxied operation (GenAI semantic conventions; others keep the gateway's name). */
const GEN_AI_OPERATION: Record<string, string> = { chat: 'chat', embeddings: 'embeddings', mcp: 'execute_tool' };

/** Core members whose taps are the request's own work, not a policy: their runs are not spans. */
const isCoreMember = (plugin: string) => plugin.startsWith('core_');

/** A `performance.now()` reading as an OpenTelemetry HrTime (epoch seconds and nanoseconds). */
export function hrTimeOf(performanceMs: number): HrTime {
  const epochMs = performance.timeOrigin + performanceMs;
  const seconds = Math.floor(epochMs / 1000);
  return [seconds, Math.round((epochMs - seconds * 1000) * 1e6)];
}

function hrDuration(ms: number): HrTime {
  const safe = Math.max(0, ms);
  const seconds = Math.floor(safe / 1000);
  return [seconds, Math.round((safe - seconds * 1000) * 1e6)];
}

/** Drops undefined and null values (OTLP has no use for empty attributes). */
function defined(map: Record<string, unknown>): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(map)) if (value !== undefined && value !== null) out[key] = value as Attributes[string];
  return out;
}

interface SpanFields {
  name: string;
  kind: SpanKind;
  traceId: string;
  spanId: string;
  parent?: { spanId: string; remote: boolean };
  startMs: number;
  durationMs: number;
  error?: string;
  attributes: Attributes;
}

function span(source: SpanSource, f: SpanFields): ReadableSpan {
  const context: SpanContext = { traceId: f.traceId, spanId: f.spanId, traceFlags: TraceFlags.SAMPLED };
  const durationMs = Math.max(0, f.durationMs);
  return {
    name: f.name,
    kind: f.kind,
    spanContext: () => context,
    parentSpanContext: f.parent ? { traceId: f.traceId, spanId: f.parent.spanId, traceFlags: TraceFlags.SAMPLED, isRemote: f.parent.remote } : undefined,
    startTime: hrTimeOf(f.startMs),
    endTime: hrTimeOf(f.startMs + durationMs),
    duration: hrDuration(durationMs),
    status: f.error ? { code: SpanStatusCode.ERROR, message: f.error } : { code: SpanStatusCode.UNSET },
    attributes: f.attributes,
    links: [],
    events: [],
    ended: true,
    resource: source.resource,
    instrumentationScope: source.scope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** Host and port per registry view: a view lives as long as its config snapshot, so each base URL is parsed once per snapshot. */
const servers = new WeakMap<object, { address?: string; port?: number }>();

/** The upstream host and port of an attempt's registry, for `server.address` / `server.port`. */
function serverOf(ctx: Exchange, attempt: Attempt): { address?: string; port?: number } {
  const registry = ctx.snapshot.registry(attempt.registryId);
  if (!registry) return {};
  let server = servers.get(registry);
  if (!server) {
    try {
      const url = new URL(registry.baseUrl);
      server = { address: url.hostname, port: url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80 };
    } catch {
      server = {};
    }
    servers.set(registry, server);
  }
  return server;
}

function attemptSpan(source: SpanSource, ctx: Exchange, attempt: Attempt, index: number, traceId: string, parentId: string): ReadableSpan {
  const operation = GEN_AI_OPERATION[ctx.operation] ?? ctx.operation;
  const server = serverOf(ctx, attempt);
  const failed = attempt.outcome !== undefined && attempt.outcome !== 'ok';
  return span(source, {
    name: `${operation} ${attempt.model}`,
    kind: SpanKind.CLIENT,
    traceId,
    spanId: attemptSpanIdOf(attempt),
    parent: { spanId: parentId, remote: false },
    startMs: attempt.startedAt,
    durationMs: attempt.durationMs ?? 0,
    error: failed ? (attempt.error ?? attempt.trigger ?? attempt.outcome) : undefined,
    attributes: defined({
      'gen_ai.operation.name': operation,
      'gen_ai.provider.name': attempt.provider,
      'gen_ai.system': attempt.provider,
      'gen_ai.request.model': attempt.model,
      'server.address': server.address,
      'server.port': server.port,
      'http.response.status_code': attempt.status,
      'error.type': failed ? (attempt.trigger ?? attempt.outcome) : undefined,
      'portcullis.registry.id': attempt.registryId,
      'portcullis.attempt.index': index,
      'portcullis.attempt.outcome': attempt.outcome,
      'portcullis.attempt.trigger': attempt.trigger,
      'portcullis.attempt.retry_wait_ms': attempt.waitMs,
    }),
  });
}

function tapSpan(source: SpanSource, ctx: Exchange, run: TapRun, traceId: string, parentId: string): ReadableSpan {
  const findings = ctx.findings.filter((f) => f.plugin === run.plugin && (run.policyId === undefined || f.policyId === undefined || f.policyId === run.policyId));
  return span(source, {
    name: `${run.plugin} ${run.hook}`,
    kind: SpanKind.INTERNAL,
    traceId,
    spanId: newSpanId(),
    parent: { spanId: parentId, remote: false },
    startMs: run.startedAt,
    durationMs: run.durationMs,
    error: run.failed ? 'policy failed' : undefined,
    attributes: defined({
      'portcullis.plugin': run.plugin,
      'portcullis.policy.id': run.policyId,
      'portcullis.hook': run.hook,
      'portcullis.cache_hit': run.hook === 'cacheLookup' ? !!ctx.cached : undefined,
      // The actions this policy took on the request (block, transform, report, ...), never the matched text.
      'portcullis.findings.actions': findings.length ? findings.map((f) => f.action) : undefined,
      'portcullis.findings.types': findings.length ? findings.map((f) => f.type) : undefined,
    }),
  });
}

/** The span of an MCP tool call; the toolkit records its latency, not its start, so it is placed to end with the request. */
function toolSpan(source: SpanSource, ctx: Exchange, endMs: number, traceId: string, parentId: string): ReadableSpan | undefined {
  const call = ctx.mcp?.toolCall;
  if (!call) return undefined;
  return span(source, {
    name: `execute_tool ${call.tool}`,
    kind: SpanKind.CLIENT,
    traceId,
    spanId: newSpanId(),
    parent: { spanId: parentId, remote: false },
    startMs: endMs - call.latencyMs,
    durationMs: call.latencyMs,
    error: call.outcome === 'ok' ? undefined : call.outcome,
    attributes: defined({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': call.tool,
      'portcullis.mcp.upstream_tool': call.upstreamTool,
      'portcullis.registry.id': call.registryId,
      'portcullis.registry.slug': call.registrySlug,
      'portcullis.mcp.outcome': call.outcome,
      'error.type': call.outcome === 'ok' ? undefined : call.outcome,
    }),
  });
}

/** The spans of the request `ctx` that ended with `outcome`: the request span first, then its children. */
export function requestSpans(source: SpanSource, ctx: Exchange, outcome: Outcome): ReadableSpan[] {
  const trace = requestTraceOf(ctx);
  const endMs = ctx.startedAt + outcome.durationMs;
  const operation = GEN_AI_OPERATION[ctx.operation] ?? ctx.operation;
  const last = ctx.attempts.length ? ctx.attempts[ctx.attempts.length - 1] : undefined;
  const consumer = ctx.consumer;
  const usage = outcome.usage;
  const requested = ctx.request?.model;
  const error = outcome.status >= 500 ? (outcome.error?.code ?? String(outcome.status)) : undefined;
  const spans: ReadableSpan[] = [
    span(source, {
      name: requested ? `${operation} ${requested}` : ctx.mcp?.toolCall ? `execute_tool ${ctx.mcp.toolCall.tool}` : `${ctx.incoming.method} ${routeTemplate(ctx.incoming.route)}`,
      kind: SpanKind.SERVER,
      traceId: trace.traceId,
      spanId: trace.spanId,
      parent: trace.parent ? { spanId: trace.parent.spanId, remote: true } : undefined,
      startMs: ctx.startedAt,
      durationMs: outcome.durationMs,
      error,
      attributes: defined({
        'gen_ai.operation.name': operation,
        'gen_ai.provider.name': last?.provider,
        'gen_ai.system': last?.provider,
        'gen_ai.request.model': requested,
        'gen_ai.response.model': ctx.response?.model ?? last?.model,
        'gen_ai.response.id': ctx.response?.id,
        'gen_ai.usage.input_tokens': usage?.input_tokens,
        'gen_ai.usage.output_tokens': usage?.output_tokens,
        'gen_ai.tool.name': ctx.mcp?.toolCall?.tool,
        'http.request.method': ctx.incoming.method,
        'http.route': routeTemplate(ctx.incoming.route),
        'http.response.status_code': outcome.status,
        'error.type': outcome.error?.code,
        'portcullis.trace_id': ctx.traceId,
        'portcullis.gateway.id': consumer?.gatewayId,
        'portcullis.gateway.slug': consumer ? ctx.snapshot.gateway(consumer.gatewayId)?.slug : undefined,
        'portcullis.consumer.id': consumer?.id,
        'portcullis.consumer.slug': consumer?.slug,
        'portcullis.client_format': ctx.clientFormat,
        'portcullis.route_reason': ctx.route?.reason,
        'portcullis.attempt_count': ctx.attempts.length,
        'portcullis.cache_hit': outcome.cached,
        'portcullis.stream': outcome.streamed,
      }),
    }),
  ];
  ctx.attempts.forEach((attempt, i) => spans.push(attemptSpan(source, ctx, attempt, i, trace.traceId, trace.spanId)));
  for (const run of ctx.tapRuns ?? []) if (!isCoreMember(run.plugin)) spans.push(tapSpan(source, ctx, run, trace.traceId, trace.spanId));
  const tool = toolSpan(source, ctx, endMs, trace.traceId, trace.spanId);
  if (tool) spans.push(tool);
  return spans;
}
