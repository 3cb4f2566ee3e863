/**
 * OpenTelemetry traces and OTLP metrics, through a running Portcullis and an in-process OTLP/HTTP
 * receiver on 127.0.0.1: a streamed chat request through a guardrails policy and a fallback (the
 * first upstream answers 500) arrives as a server span carrying the caller's `traceparent` trace
 * id, with `gen_ai.*` attributes and client spans for both upstream attempts and spans for the
 * guardrail evaluations as its children; each upstream receives a `traceparent` naming its own
 * attempt span; the request counters arrive over OTLP; the guardrail service exports a span per
 * evaluation.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import OpenAI from 'openai';
import type { ConsumerRecord } from '../../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../fixtures/providers/openai/server.js';
import { GuardrailClient, keywordRule } from '../../guardrail/support/guardrail-client.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';

const SERVER = 2;
const CLIENT = 3;
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

describe('observability: OpenTelemetry traces and OTLP metrics', () => {
  let receiver: OtlpReceiver;
  let gateway: TestGateway;
  let failing: FakeOpenAI;
  let healthy: FakeOpenAI;
  let guardrail: GuardrailClient;
  let collectorKey: string;
  let client: OpenAI;
  let consumerKey: string;

  before(async () => {
    receiver = await startOtlpReceiver();
    failing = await startFakeOpenAI();
    healthy = await startFakeOpenAI({ usage: { input: 12, output: 5 } });
    // Metrics exported every 200 ms rather than every minute, so the test sees them.
    gateway = await createTestGateway({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_METRIC_EXPORT_INTERVAL: '200' } });
    guardrail = await GuardrailClient.for(gateway);
    const collector = await guardrail.collectorWithKey('portcullis');
    collectorKey = collector.key;
    await guardrail.policy({ name: 'gateway traffic', collectors: [collector.collectorId], rules: [{ ...keywordRule('project-x', 'block', 'input'), name: 'no project-x' }] });

    const { id: gatewayId } = await gateway.seed.gateway({ slug: 'traced-gw' });
    const first = await gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'first', base_url: failing.url, apiKey: 'sk-first', models: ['m-first'] } as never);
    const second = await gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'second', base_url: healthy.url, apiKey: 'sk-second', models: ['m-second'] } as never);
    const { consumer, key } = await gateway.seed.consumer(gatewayId, {
      slug: 'traced-app',
      registries: [{ registry_id: first._id, weight: 1 }, { registry_id: second._id, weight: 1 }],
      fallback: { targets: ['@second/m-second'], on: ['5xx'] },
    } as Partial<ConsumerRecord> & { slug: string });
    await gateway.seed.policy(gatewayId, { type: 'guardrails', settings: { key: collectorKey } }, [consumer._id]);
    await gateway.configChanged();
    consumerKey = key;
    client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('traced-app')}/v1`, maxRetries: 0 });
  });

  after(async () => {
    await gateway?.close();
    await receiver?.close();
    await failing?.close();
    await healthy?.close();
  });

  const spansOf = (traceId: string) => receiver.spans.filter((s) => s.traceId === traceId);

  it('exports a streamed request through a guardrail and a fallback as a span tree under the incoming trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    failing.enqueue({ kind: 'error', status: 500, message: 'upstream broke' });
    healthy.enqueue({ kind: 'text', text: 'Paris it is' });
    const stream = await client.chat.completions.create(
      { model: '@first/m-first', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'capital of France?' }] },
      { headers: { traceparent: `00-${traceId}-${callerSpanId}-01` } },
    ).withResponse();
    let text = '';
    for await (const chunk of stream.data) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).to.equal('Paris it is');
    const agTraceId = stream.response.headers.get('x-ag-trace-id');

    await eventually(async () => spansOf(traceId).some((s) => s.kind === SERVER && s.scope === 'portcullis'), 'the request span', 10_000);
    await eventually(async () => spansOf(traceId).filter((s) => s.kind === CLIENT).length >= 2, 'both attempt spans', 10_000);
    const spans = spansOf(traceId);
    const request = spans.find((s) => s.kind === SERVER && s.attributes['portcullis.trace_id'] === agTraceId)!;
    expect(request, 'the request span carries the X-AG-Trace-Id').to.not.equal(undefined);
    expect(request.parentSpanId).to.equal(callerSpanId);
    expect(request.resource['service.name']).to.equal('portcullis');
    expect(request.name).to.equal('chat @first/m-first');
    expect(request.attributes).to.include({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': '@first/m-first',
      'gen_ai.response.model': 'm-second',
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 5,
      'http.request.method': 'POST',
      'http.route': '/v1/chat/completions',
      'http.response.status_code': 200,
      'portcullis.gateway.slug': 'traced-gw',
      'portcullis.consumer.slug': 'traced-app',
      'portcullis.stream': true,
    });
    expect(request.endNs > request.startNs).to.equal(true);

    const attempts = spans.filter((s) => s.kind === CLIENT && s.parentSpanId === request.spanId).sort((a, b) => Number(a.startNs - b.startNs));
    expect(attempts.map((s) => [s.attributes['gen_ai.request.model'], s.attributes['http.response.status_code'], s.attributes['portcullis.attempt.outcome']])).to.deep.equal([
      ['m-first', 500, 'fallback'],
      ['m-second', 200, 'ok'],
    ]);
    expect(attempts[0].statusCode).to.equal(2);
    expect(attempts[0].attributes).to.include({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'portcullis.attempt.trigger': '5xx' });
    expect(attempts[1].attributes).to.include({ 'server.address': '127.0.0.1', 'server.port': Number(new URL(healthy.url).port) });
    for (const a of attempts) expect(a.startNs >= request.startNs && a.endNs <= request.endNs, 'an attempt lies within its request').to.equal(true);

    // Each upstream was called with a traceparent naming its own attempt span, in the caller's trace.
    const sentTo = (upstream: FakeOpenAI) => TRACEPARENT.exec(String(upstream.requests[upstream.requests.length - 1].headers.traceparent));
    expect(sentTo(failing)?.slice(1, 3)).to.deep.equal([traceId, attempts[0].spanId]);
    expect(sentTo(healthy)?.slice(1, 3)).to.deep.equal([traceId, attempts[1].spanId]);

    const guardrails = spans.filter((s) => s.parentSpanId === request.spanId && s.attributes['portcullis.plugin'] === 'guardrails');
    expect(guardrails.map((s) => s.attributes['portcullis.hook']), 'the guardrail evaluations of the input and of the streamed output').to.include('checkInput');
    for (const g of guardrails) expect(g.kind).to.equal(1);
  });

  it('a request without traceparent starts a trace named after its X-AG-Trace-Id; an invalid one is ignored', async () => {
    healthy.enqueue({ kind: 'text', text: 'fine' });
    const fresh = await client.chat.completions.create({ model: '@second/m-second', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
    healthy.enqueue({ kind: 'text', text: 'fine' });
    const invalid = await client.chat.completions
      .create({ model: '@second/m-second', messages: [{ role: 'user', content: 'hi' }] }, { headers: { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` } })
      .withResponse();
    for (const { response } of [fresh, invalid]) {
      const traceId = response.headers.get('x-ag-trace-id')!.replace(/-/g, '');
      await eventually(async () => spansOf(traceId).some((s) => s.kind === SERVER), 'the request span', 10_000);
      const request = spansOf(traceId).find((s) => s.kind === SERVER)!;
      expect(request.parentSpanId ?? '').to.equal('');
      const attempt = spansOf(traceId).find((s) => s.kind === CLIENT)!;
      expect(attempt.parentSpanId).to.equal(request.spanId);
    }
    expect(TRACEPARENT.exec(String(healthy.requests[healthy.requests.length - 1].headers.traceparent))?.[1]).to.equal(invalid.response.headers.get('x-ag-trace-id')!.replace(/-/g, ''));
  });

  it('a cache lookup is a span: a hit has no upstream attempt', async () => {
    const { id: gatewayId } = await gateway.seed.gateway({ slug: 'cached-gw' });
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', slug: 'cached', base_url: healthy.url, apiKey: 'sk-cached', models: ['m-cached'] } as never);
    const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug: 'cached-app', registries: [{ registry_id: registry._id, weight: 1 }] } as Partial<ConsumerRecord> & { slug: string });
    await gateway.seed.policy(gatewayId, { type: 'cache', settings: {} }, [consumer._id]);
    await gateway.configChanged();
    const cached = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('cached-app')}/v1`, maxRetries: 0 });
    const ask = () => cached.chat.completions.create({ model: 'm-cached', messages: [{ role: 'user', content: 'cache me' }] }).withResponse();
    healthy.enqueue({ kind: 'text', text: 'cached answer' });
    const miss = await ask();
    const hit = await ask();
    const spansOfResponse = async (r: Awaited<ReturnType<typeof ask>>) => {
      const traceId = r.response.headers.get('x-ag-trace-id')!.replace(/-/g, '');
      await eventually(async () => spansOf(traceId).some((s) => s.kind === SERVER), 'the request span', 10_000);
      return spansOf(traceId);
    };
    const missSpans = await spansOfResponse(miss);
    const hitSpans = await spansOfResponse(hit);
    const lookup = (spans: ReceivedSpan[]) => spans.find((s) => s.attributes['portcullis.hook'] === 'cacheLookup');
    expect(lookup(missSpans)?.attributes).to.include({ 'portcullis.plugin': 'cache', 'portcullis.cache_hit': false });
    expect(lookup(hitSpans)?.attributes).to.include({ 'portcullis.plugin': 'cache', 'portcullis.cache_hit': true });
    expect(missSpans.filter((s) => s.kind === CLIENT)).to.have.length(1);
    expect(hitSpans.filter((s) => s.kind === CLIENT)).to.have.length(0);
    expect(hitSpans.find((s) => s.kind === SERVER)!.attributes['portcullis.cache_hit']).to.equal(true);
  });

  it('exports the request counters and durations over OTLP beside Prometheus', async () => {
    await eventually(async () => receiver.metrics.some((m) => m.name === 'portcullis.proxy.requests' && m.points.some((p) => (p.value ?? 0) >= 1)), 'the request counter', 10_000);
    const requests = receiver.metrics.filter((m) => m.name === 'portcullis.proxy.requests').flatMap((m) => m.points);
    expect(requests.some((p) => p.attributes['http.response.status_code'] === 200 && p.attributes['gen_ai.provider.name'] === 'openai')).to.equal(true);
    expect(receiver.metrics.some((m) => m.name === 'portcullis.proxy.request.duration' && m.points.some((p) => (p.count ?? 0) >= 1))).to.equal(true);
    expect(receiver.metrics.some((m) => m.name === 'portcullis.proxy.upstream.attempts')).to.equal(true);
    expect(receiver.requests.filter((r) => r.startsWith('/v1/metrics')).every((r) => r.includes('application/json'))).to.equal(true);
  });

  it('the guardrail service exports a span per evaluation, under the caller trace', async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const res = await fetch(`${gateway.urls.guardrail}/v1/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${collectorKey}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ protocol: 'llm', direction: 'input', payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'tell me about project-x' }] } }),
    });
    const verdict = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(verdict)).to.equal(200);
    await eventually(async () => spansOf(traceId).length > 0, 'the evaluation span', 10_000);
    const [span] = spansOf(traceId) as ReceivedSpan[];
    expect(span.parentSpanId).to.equal(callerSpanId);
    expect(span.kind).to.equal(SERVER);
    expect(span.attributes).to.include({ 'portcullis.guardrail.direction': 'input', 'portcullis.guardrail.status': 'block' });
  });

  it('an evaluation without traceparent is a trace of its own, named after its trace_id; evaluate/claude honours traceparent too', async () => {
    const plain = await fetch(`${gateway.urls.guardrail}/v1/evaluate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${collectorKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ protocol: 'llm', direction: 'input', payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] } }),
    });
    const { trace_id: evaluationTraceId } = (await plain.json()) as { trace_id: string };
    const ownTrace = evaluationTraceId.replace(/-/g, '');
    await eventually(async () => spansOf(ownTrace).length > 0, 'the evaluation span', 10_000);
    expect(spansOf(ownTrace)[0].parentSpanId ?? '').to.equal('');
    expect(spansOf(ownTrace)[0].attributes).to.include({ 'portcullis.guardrail.status': 'allow', 'portcullis.guardrail.trace_id': evaluationTraceId });

    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const claude = await fetch(`${gateway.urls.guardrail}/v1/evaluate/claude`, {
      method: 'POST',
      headers: { authorization: `Bearer ${collectorKey}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's1', prompt: 'Refactor the parser' }),
    });
    expect(claude.status).to.equal(200);
    await eventually(async () => spansOf(traceId).length > 0, 'the evaluate/claude span', 10_000);
    expect(spansOf(traceId)[0]).to.include({ name: 'guardrail evaluate/claude', parentSpanId: callerSpanId });
  });

  it('no span carries a prompt, a completion or a credential', () => {
    const exported = JSON.stringify(receiver.spans, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    expect(receiver.spans.length).to.be.greaterThan(5);
    for (const secret of ['capital of France', 'Paris it is', 'project-x', 'Refactor the parser', consumerKey, collectorKey, 'sk-first', 'sk-second', gateway.jwtSecret]) {
      expect(exported, secret).to.not.contain(secret);
    }
  });
});
