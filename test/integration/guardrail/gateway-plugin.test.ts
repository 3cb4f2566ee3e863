/**
 * The gateway's `guardrails` plugin against a real running guardrail service (the co-located
 * plane, in process and over HTTP): input blocks answered 403 in the client's format before the upstream is
 * called, transforms forwarded masked (the fake upstream receives the masked request), output
 * blocks and masks, streams stopped when a later window trips a rule, ask treated as block
 * unless allowed, one evaluation per guarded stage, and fail-open / fail-closed against a
 * service that fails, a stopped service and a service that never answers.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { bumpRevisionOp } from '../../../core/snapshot/config-document.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { postAndReadSse } from '../../fixtures/providers/sse-client.js';
import { GuardrailClient, keywordRule, maskRule } from './support/guardrail-client.js';

const throwingDetector = fileURLToPath(new URL('./support/throwing-detector', import.meta.url));
const EMAIL = 'ana.lima@example.com';

// Every case runs twice: `auto` reaches the co-located plane in process, `http` over loopback
// HTTP; the verdicts, findings, Activity records and failure handling must not differ.
for (const transport of ['auto', 'http'] as const) describe(`guardrails gateway plugin (transport: ${transport})`, () => {
  let gateway: TestGateway;
  let inProcessCalls = 0;
  let restoreEvaluator: (() => void) | undefined;
  let upstream: FakeOpenAI;
  let guardrail: GuardrailClient;
  let gatewayId: string;
  let registryId: string;
  let collectorKey: string;
  let failingKey: string;
  let stoppedUrl: string;
  let hanging: Server;
  let hangingUrl: string;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [throwingDetector] });
    // The plane handed its evaluator to the gateway's guardrail service; count the calls that reach it in process.
    const registered = gateway.guardrails.inProcess(gateway.urls.guardrail!);
    expect(registered, 'the co-located plane registers its evaluator').to.not.equal(undefined);
    restoreEvaluator = gateway.guardrails.colocate(gateway.urls.guardrail!, {
      evaluate(request) {
        inProcessCalls++;
        return registered!.evaluate(request);
      },
    });
    guardrail = await GuardrailClient.for(gateway);
    gatewayId = (await gateway.seed.gateway()).id;
    registryId = (await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini', 'gpt-4o'] }))._id;

    const collector = await guardrail.collectorWithKey('portcullis');
    collectorKey = collector.key;
    await guardrail.policy({
      name: 'gateway traffic',
      collectors: [collector.collectorId],
      gates: [{ name: 'confirm big model', when: [{ field: 'model.name', op: 'eq', value: 'gpt-4o' }], action: 'ask' }],
      rules: [
        { ...keywordRule('project-x', 'block', 'input'), name: 'no project-x' },
        { ...maskRule('both', 'transform'), name: 'mask pii' },
        { ...keywordRule('forbidden-word', 'block', 'output'), name: 'no forbidden word' },
      ],
    });
    const failing = await guardrail.collectorWithKey('portcullis');
    failingKey = failing.key;
    await guardrail.policy({ collectors: [failing.collectorId], rules: [{ detector: 'throwing_detector', direction: 'both', action: 'block' }] });

    // A guardrail service that ran and was stopped: its port now refuses connections.
    const stopped = await createTestGateway({ planes: ['guardrail'] });
    stoppedUrl = stopped.urls.guardrail!;
    await stopped.close();
    // A service that accepts the call and never answers.
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });

  after(async () => {
    restoreEvaluator?.();
    await gateway?.close();
    await upstream?.close();
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  /** A consumer whose chain carries a guardrails policy with `settings`. */
  async function consumerWith(settings: Record<string, unknown>, tags: string[] = []) {
    const slug = `app-${randomUUID().slice(0, 8)}`;
    const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug, tags, registries: [{ registry_id: registryId, weight: 1 }] });
    await gateway.seed.policy(gatewayId, { type: 'guardrails', settings: { key: collectorKey, transport, ...settings } }, [consumer._id]);
    await gateway.configChanged();
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0 });
    return { consumer, key, slug, client };
  }

  const activityOf = async (query: string) => {
    await gateway.telemetry.flush();
    return (await guardrail.admin('GET', `/v1/activity?${query}`)).body as { total: number; items: Array<Record<string, any>> };
  };
  const lastUpstreamBody = () => upstream.requests[upstream.requests.length - 1]?.body as { messages: Array<{ content: unknown }> };

  it('lets a clean exchange through and records one evaluation per guarded stage, attributed to the consumer', async () => {
    const { client, consumer } = await consumerWith({}, ['team-a']);
    upstream.enqueue({ kind: 'text', text: 'Hello there' });
    const { data, response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, { headers: { 'X-AG-Session-Id': 'conv-77' } })
      .withResponse();
    expect(data.choices[0].message.content).to.equal('Hello there');
    const records = await activityOf('session_id=conv-77');
    expect(records.total).to.equal(2);
    expect(records.items.map((r) => r.direction).sort()).to.deep.equal(['input', 'output']);
    for (const record of records.items) {
      expect(record).to.include({ consumer_id: consumer._id, protocol: 'llm', collector_type: 'portcullis', status: 'allow' });
      expect(record.attributes).to.include({ 'source.application': 'portcullis', 'model.name': 'gpt-4o-mini' });
    }
    expect(records.items.find((r) => r.direction === 'output')!.attributes['model.provider']).to.equal('openai');
    expect(response.headers.get('x-ag-trace-id')).to.be.a('string');
  });

  it('calls its own co-located plane while another Portcullis runs in the same process (kit.guardrails, no process-wide setting)', async () => {
    const other = await createTestGateway({ planes: ['guardrail'] });
    try {
      const { client } = await consumerWith({ directions: ['input'] });
      upstream.enqueue({ kind: 'text', text: 'still mine' });
      const data = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
      expect(data.choices[0].message.content).to.equal('still mine');
    } finally {
      await other.close();
    }
  });

  it('uses the trace id as session when the client sends no X-AG-Session-Id', async () => {
    const { client } = await consumerWith({ directions: ['input'] });
    const { response } = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }).withResponse();
    const traceId = response.headers.get('x-ag-trace-id')!;
    expect((await activityOf(`session_id=${traceId}`)).total).to.equal(1);
  });

  it('blocks input with 403 in the client\'s format, and the upstream is never called', async () => {
    const { client, slug, key } = await consumerWith({});
    const before = upstream.requests.length;
    const err = (await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'status of project-x?' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.PermissionDeniedError);
    expect(err.message).to.contain('no project-x');
    expect(err.message).to.not.contain('status of');

    const anthropic = await fetch(`${gateway.proxyUrl(slug)}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'project-x please' }] }),
    });
    expect(anthropic.status).to.equal(403);
    const body = (await anthropic.json()) as { type: string; error: { type: string } };
    expect(body.type).to.equal('error');
    expect(body.error.type).to.equal('permission_error');
    expect(upstream.requests.length).to.equal(before);
  });

  it('forwards a transform: the upstream receives the masked request', async () => {
    const { client } = await consumerWith({});
    upstream.enqueue({ kind: 'text', text: 'Noted.' });
    const { data } = await client.chat.completions
      .create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'You file tickets.' },
          { role: 'user', content: `Open a ticket for ${EMAIL} about the refund` },
        ],
      })
      .withResponse();
    expect(data.choices[0].message.content).to.equal('Noted.');
    const sent = lastUpstreamBody();
    expect(JSON.stringify(sent)).to.not.contain(EMAIL);
    expect(sent.messages).to.have.length(2);
    expect(JSON.stringify(sent.messages[1].content)).to.match(/Open a ticket for \S+ about the refund/);
    expect(JSON.stringify(sent.messages[0].content)).to.contain('You file tickets.');
  });

  it('masks tool-call arguments and tool results on input, keeping ids and names', async () => {
    const { client } = await consumerWith({ directions: ['input'] });
    upstream.enqueue({ kind: 'text', text: 'Done.' });
    await client.chat.completions.create({
      model: 'gpt-4o-mini',
      tools: [{ type: 'function', function: { name: 'send_mail', parameters: { type: 'object', properties: { to: { type: 'string' } } } } }],
      messages: [
        { role: 'user', content: 'mail her' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'send_mail', arguments: JSON.stringify({ to: EMAIL }) } }] },
        { role: 'tool', tool_call_id: 'call_9', content: `delivered to ${EMAIL}` },
      ],
    });
    const sent = lastUpstreamBody() as unknown as { messages: Array<Record<string, any>> };
    expect(JSON.stringify(sent)).to.not.contain(EMAIL);
    expect(sent.messages[1].tool_calls[0].id).to.equal('call_9');
    expect(sent.messages[1].tool_calls[0].function.name).to.equal('send_mail');
    expect(sent.messages[2].tool_call_id).to.equal('call_9');
  });

  it('blocks an answer whose output trips a rule (403), and masks one that needs masking', async () => {
    const { client } = await consumerWith({});
    upstream.enqueue({ kind: 'text', text: 'Here is the forbidden-word you asked for' });
    const err = (await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'go' }] }).catch((e: unknown) => e)) as Error;
    expect(err).to.be.instanceOf(OpenAI.PermissionDeniedError);
    expect(err.message).to.contain('no forbidden word');

    upstream.enqueue({ kind: 'text', text: `You can reach her at ${EMAIL}.` });
    const { data } = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'contact?' }] }).withResponse();
    expect(data.choices[0].message.content).to.match(/^You can reach her at \S+\.$/);
    expect(data.choices[0].message.content).to.not.contain(EMAIL);
  });

  it('stops a stream whose later window trips a rule, with the stream failure event, before the tripping text is relayed', async () => {
    const { slug, key } = await consumerWith({ stream_window_chars: 1 });
    upstream.enqueue({ kind: 'text', text: 'The first part of this answer is perfectly fine and then comes the forbidden-word and more text' });
    const res = await postAndReadSse(`${gateway.proxyUrl(slug)}/v1/chat/completions`, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'tell me' }] }, { 'x-api-key': key });
    expect(res.status).to.equal(200);
    const text = res.events.map((e) => (e.data.startsWith('{') ? (JSON.parse(e.data).choices?.[0]?.delta?.content ?? '') : '')).join('');
    expect(text).to.contain('The first part');
    expect(text).to.not.contain('forbidden-word');
    expect(res.events.some((e) => e.data === '[DONE]')).to.equal(false);
    const failure = res.events.map((e) => (e.data.startsWith('{') ? JSON.parse(e.data) : {})).find((d) => d.error);
    expect(failure.error.type).to.equal('guardrail_blocked');
    expect(failure.error.message).to.contain('no forbidden word');
  });

  it('with wider windows, stops the stream at the window that trips, evaluating only when a window fills or the answer ends', async () => {
    const { slug, key } = await consumerWith({ stream_window_chars: 40 }, ['windows']);
    upstream.enqueue({ kind: 'text', text: 'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu forbidden-word xi omicron pi rho sigma' });
    const res = await postAndReadSse(`${gateway.proxyUrl(slug)}/v1/chat/completions`, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'list' }] }, { 'x-api-key': key, 'x-ag-session-id': 'windowed' });
    expect(res.events.some((e) => e.data === '[DONE]')).to.equal(false);
    expect(res.raw).to.contain('guardrail_blocked');
    const outputs = (await activityOf('session_id=windowed')).items.filter((r) => r.direction === 'output');
    expect(outputs.length).to.be.greaterThan(0).and.lessThan(6);
    expect(outputs.some((r) => r.status === 'block')).to.equal(true);

    upstream.enqueue({ kind: 'text', text: 'A short clean answer' });
    const clean = await postAndReadSse(`${gateway.proxyUrl(slug)}/v1/chat/completions`, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'ok' }] }, { 'x-api-key': key, 'x-ag-session-id': 'windowed-clean' });
    expect(clean.events.some((e) => e.data === '[DONE]')).to.equal(true);
    const cleanOutputs = (await activityOf('session_id=windowed-clean')).items.filter((r) => r.direction === 'output');
    expect(cleanOutputs).to.have.length(1); // shorter than one window: checked once, at the end
  });

  it('evaluates each window of a long streamed answer with a bounded context before it, and the whole answer at its end', async () => {
    const { slug, key } = await consumerWith({ stream_window_chars: 20, stream_window_context_chars: 20 });
    const filler = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    upstream.enqueue({ kind: 'text', text: `Write to jane.doe@example.com for details. ${filler}` });
    const res = await postAndReadSse(`${gateway.proxyUrl(slug)}/v1/chat/completions`, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'contact?' }] }, { 'x-api-key': key, 'x-ag-session-id': 'bounded-windows' });
    expect(res.events.some((e) => e.data === '[DONE]')).to.equal(true);
    const outputs = (await activityOf('session_id=bounded-windows')).items.filter((r) => r.direction === 'output');
    // The address is masked (recorded only, in a stream) where a window still reads it and at the
    // end; the windows after it read only their own text and the 20 characters before it.
    const masked = outputs.filter((r) => r.status === 'transform');
    expect(outputs.length).to.be.greaterThan(10);
    expect(masked.length).to.be.within(2, 4);
    expect(outputs.length - masked.length).to.be.greaterThan(6);
  });

  it('treats ask as block unless allow_ask is set', async () => {
    const strict = await consumerWith({});
    const err = (await strict.client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as Error;
    expect(err).to.be.instanceOf(OpenAI.PermissionDeniedError);
    expect(err.message).to.contain('confirm big model');

    const lenient = await consumerWith({ allow_ask: true });
    upstream.enqueue({ kind: 'text', text: 'fine' });
    const { data } = await lenient.client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
    expect(data.choices[0].message.content).to.equal('fine');
  });

  it('reads the collector key from a vault credential of the gateway', async () => {
    const credentialId = randomUUID();
    await gateway.store!.batch([
      { collection: COLLECTIONS.vaultCredentials, op: 'insert', doc: { _id: credentialId, gateway_id: gatewayId, name: 'guardrail key', secret_sealed: gateway.secretBox.seal(collectorKey), created_at: new Date().toISOString(), updated_at: new Date().toISOString() } },
      bumpRevisionOp(),
    ]);
    const { client } = await consumerWith({ key: { credential_id: credentialId } });
    const err = (await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'project-x' }] }).catch((e: unknown) => e)) as Error;
    expect(err).to.be.instanceOf(OpenAI.PermissionDeniedError);
  });

  it(transport === 'auto' ? 'reached the co-located plane in process' : 'never called the co-located plane in process', () => {
    if (transport === 'auto') expect(inProcessCalls).to.be.greaterThan(0);
    else expect(inProcessCalls).to.equal(0);
  });

  describe('failure modes', () => {
    const call = (client: OpenAI) => client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });

    it('a running service whose detector fails closed: fail_closed answers 503, fail_open lets the traffic through', async () => {
      const closed = await consumerWith({ key: failingKey, failure_mode: 'fail_closed' });
      const err = (await call(closed.client).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err).to.be.instanceOf(OpenAI.APIError);
      expect(err.status).to.equal(503);

      const open = await consumerWith({ key: failingKey, failure_mode: 'fail_open' });
      upstream.enqueue({ kind: 'text', text: 'through' });
      const answer = await call(open.client);
      expect(answer.choices[0].message.content).to.equal('through');
    });

    it('a stopped service: fail_closed answers 503 and the upstream is not called; fail_open passes uninspected', async () => {
      const closed = await consumerWith({ service_url: stoppedUrl, failure_mode: 'fail_closed' });
      const before = upstream.requests.length;
      const err = (await call(closed.client).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err.status).to.equal(503);
      expect(upstream.requests.length).to.equal(before);

      const open = await consumerWith({ service_url: stoppedUrl, failure_mode: 'fail_open' });
      upstream.enqueue({ kind: 'text', text: 'uninspected' });
      const answer = await open.client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'project-x' }] });
      expect(answer.choices[0].message.content).to.equal('uninspected');
    });

    it('a service that never answers: the call times out and the failure mode applies', async () => {
      const closed = await consumerWith({ service_url: hangingUrl, timeout_ms: 200, failure_mode: 'fail_closed' });
      const err = (await call(closed.client).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err.status).to.equal(503);
      const open = await consumerWith({ service_url: hangingUrl, timeout_ms: 200, failure_mode: 'fail_open', directions: ['input'] });
      upstream.enqueue({ kind: 'text', text: 'late but fine' });
      expect((await call(open.client)).choices[0].message.content).to.equal('late but fine');
    });

    it('a stream whose window cannot be evaluated is stopped when failing closed', async () => {
      const { slug, key } = await consumerWith({ key: failingKey, failure_mode: 'fail_closed', directions: ['output'] });
      upstream.enqueue({ kind: 'text', text: 'one two three four five' });
      const res = await postAndReadSse(`${gateway.proxyUrl(slug)}/v1/chat/completions`, { model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'count' }] }, { 'x-api-key': key });
      expect(res.status).to.equal(200);
      expect(res.events.some((e) => e.data === '[DONE]')).to.equal(false);
      expect(res.raw).to.contain('guardrail service is unavailable');
    });
  });
});
