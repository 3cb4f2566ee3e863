/**
 * The spans of a proxied request built from its exchange after the response: an MCP tool call
 * becomes an `execute_tool` client span with `gen_ai.tool.name`; a `traceparent` is honoured only
 * when valid; policy taps become child spans, the core's own taps do not; nothing of the
 * request's content appears.
 */
import { expect } from 'chai';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { Exchange, Outcome } from '../../../../../core/pipeline/exchange.js';
import { requestSpans, type SpanSource } from '../../../../../core/observability/traces/request-spans.js';
import { attemptSpanIdOf, parseTraceparent, requestTraceOf } from '../../../../../core/observability/traces/trace-context.js';

const source: SpanSource = { resource: resourceFromAttributes({ 'service.name': 'portcullis' }), scope: { name: 'portcullis' } };
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

function exchange(fields: Partial<Exchange> & { headers?: Record<string, string> } = {}): Exchange {
  const startedAt = performance.now();
  return {
    traceId: '8e0c7e4e-2f7b-4c43-9d2a-7c1f0e9b5a11',
    startedAt,
    snapshot: { registry: () => undefined, gateway: () => ({ slug: 'gw' }) },
    incoming: { method: 'POST', path: '/app/mcp', route: '/mcp', query: {}, headers: fields.headers ?? {}, body: {}, consumerSlug: 'app' },
    operation: 'mcp',
    attempts: [],
    findings: [],
    timings: {},
    responseHeaders: {},
    pluginState: new Map(),
    deferred: [],
    ...fields,
  } as unknown as Exchange;
}

const outcome: Outcome = { status: 200, durationMs: 40, cached: false, streamed: false };

describe('observability/traces: request spans', () => {
  it('an MCP tool call is an execute_tool client span under the request span', () => {
    const ctx = exchange({
      mcp: { era: 'modern', method: 'tools/call', toolCall: { registryId: 'r1', registrySlug: 'files', tool: 'files__read', upstreamTool: 'read', outcome: 'tool_error', latencyMs: 25, requestBytes: 10, responseBytes: 20 } },
      headers: { traceparent: `00-${TRACE}-${PARENT}-01` },
    });
    const [request, tool] = requestSpans(source, ctx, outcome);
    expect(request.kind).to.equal(SpanKind.SERVER);
    expect(request.spanContext().traceId).to.equal(TRACE);
    expect(request.parentSpanContext).to.include({ spanId: PARENT, isRemote: true });
    expect(request.attributes).to.include({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'files__read' });
    expect(tool.kind).to.equal(SpanKind.CLIENT);
    expect(tool.name).to.equal('execute_tool files__read');
    expect(tool.parentSpanContext?.spanId).to.equal(request.spanContext().spanId);
    expect(tool.attributes).to.include({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'files__read', 'portcullis.mcp.outcome': 'tool_error', 'error.type': 'tool_error' });
    expect(tool.status.code).to.equal(SpanStatusCode.ERROR);
  });

  it('policy taps become child spans; core taps do not', () => {
    const ctx = exchange({ operation: 'chat' } as Partial<Exchange>);
    ctx.tapRuns = [
      { plugin: 'core_api_key', hook: 'authenticate', startedAt: ctx.startedAt, durationMs: 1 },
      { plugin: 'guardrails', policyId: 'p1', hook: 'checkInput', startedAt: ctx.startedAt + 1, durationMs: 5 },
    ];
    ctx.findings.push({ plugin: 'guardrails', policyId: 'p1', type: 'keyword', action: 'block', detail: { matched: 'secret text' } });
    const spans = requestSpans(source, ctx, { ...outcome, status: 403 });
    expect(spans.map((s) => s.name)).to.deep.equal(['POST /mcp', 'guardrails checkInput']);
    expect(spans[1].attributes).to.include({ 'portcullis.plugin': 'guardrails', 'portcullis.policy.id': 'p1', 'portcullis.hook': 'checkInput' });
    expect(spans[1].attributes['portcullis.findings.actions']).to.deep.equal(['block']);
    expect(JSON.stringify(spans.map((s) => s.attributes))).to.not.contain('secret text');
  });

  it('an attempt span keeps the id its traceparent carried', () => {
    const ctx = exchange({ operation: 'chat' } as Partial<Exchange>);
    ctx.attempts.push({ registryId: 'r', provider: 'openai', model: 'm', startedAt: ctx.startedAt, durationMs: 3, status: 200, outcome: 'ok' });
    const sent = attemptSpanIdOf(ctx.attempts[0]);
    const [request, attempt] = requestSpans(source, ctx, outcome);
    expect(attempt.spanContext().spanId).to.equal(sent);
    expect(attempt.spanContext().traceId).to.equal(request.spanContext().traceId);
    // No traceparent: the trace is named after the X-AG-Trace-Id.
    expect(request.spanContext().traceId).to.equal('8e0c7e4e2f7b4c439d2a7c1f0e9b5a11');
    expect(requestTraceOf(ctx).spanId).to.equal(request.spanContext().spanId);
  });

  it('parses traceparent per W3C Trace Context, refusing invalid values', () => {
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-01`)).to.deep.equal({ traceId: TRACE, spanId: PARENT, sampled: true });
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-00-extra`)).to.deep.equal({ traceId: TRACE, spanId: PARENT, sampled: false });
    for (const bad of [undefined, '', 'garbage', `00-${'0'.repeat(32)}-${PARENT}-01`, `00-${TRACE}-${'0'.repeat(16)}-01`, `ff-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01-extra`, `00-${TRACE.slice(1)}-${PARENT}-01`]) {
      expect(parseTraceparent(bad), String(bad)).to.equal(undefined);
    }
    expect(parseTraceparent([`00-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01`]), 'two headers').to.equal(undefined);
  });
});
