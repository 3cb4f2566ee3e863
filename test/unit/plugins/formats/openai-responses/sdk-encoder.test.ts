import { expect } from 'chai';
import { createParser } from 'eventsource-parser';
import OpenAI, { APIError } from 'openai';
import type { CanonicalRequest, CanonicalResponse, StreamEvent } from '../../../../../core/canonical/index.js';
import format from '../../../../../plugins/formats/openai-responses/index.js';
import type { FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { startFakeOpenAIResponses } from '../../../../fixtures/providers/openai/responses-server.js';
import { rejectionOf } from '../caught-errors.js';
import { startLocalServer } from './local-server.js';

/**
 * The adapter's encoders serve a local HTTP server; the official SDK reads what they write.
 * The server decodes each SDK request with the adapter too, so both directions meet the SDK.
 */

const usage = { input_tokens: 25, output_tokens: 14, total_tokens: 39, cached_input_tokens: 5, reasoning_tokens: 4 };

const answer: CanonicalResponse = {
  id: 'resp_gateway_1',
  model: 'claude-sonnet-4-5',
  created: 1741476542,
  content: [
    { type: 'thinking', text: 'Need the weather for two cities.', signature: 'sig' },
    { type: 'text', text: 'Let me check both.' },
    { type: 'tool_call', id: 'toolu_paris', name: 'get_weather', arguments: '{"city":"Paris"}' },
    { type: 'tool_call', id: 'toolu_rome', name: 'get_weather', arguments: '{"city":"Rome"}' },
  ],
  finish_reason: 'tool_calls',
  usage,
};

/** The same answer as canonical stream events, arguments split as an upstream would stream them. */
const answerEvents: StreamEvent[] = [
  { type: 'start', id: 'resp_gateway_1', model: 'claude-sonnet-4-5', created: 1741476542 },
  { type: 'thinking_delta', index: 0, text: 'Need the weather ' },
  { type: 'thinking_delta', index: 0, text: 'for two cities.' },
  { type: 'thinking_signature', index: 0, signature: 'sig' },
  { type: 'part_end', index: 0 },
  { type: 'text_delta', index: 1, text: 'Let me ' },
  { type: 'text_delta', index: 1, text: 'check both.' },
  { type: 'part_end', index: 1 },
  { type: 'tool_call_start', index: 2, id: 'toolu_paris', name: 'get_weather' },
  { type: 'tool_call_delta', index: 2, arguments: '{"city":' },
  { type: 'tool_call_delta', index: 2, arguments: '"Paris"}' },
  { type: 'part_end', index: 2 },
  { type: 'tool_call_start', index: 3, id: 'toolu_rome', name: 'get_weather' },
  { type: 'tool_call_delta', index: 3, arguments: '{"city":"Rome"}' },
  { type: 'part_end', index: 3 },
  { type: 'finish', finish_reason: 'tool_calls', usage },
];

const tools: OpenAI.Responses.Tool[] = [
  { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false },
];

describe('openai-responses encoders read by the official openai SDK', () => {
  let server: { url: string; close(): Promise<void> };
  let client: OpenAI;
  let seen: CanonicalRequest[];
  /** What the server streams: canonical events, then close() or fail(). */
  let script: { events: StreamEvent[]; end: 'close' | 'fail' };

  beforeEach(async () => {
    seen = [];
    script = { events: answerEvents, end: 'close' };
    server = await startLocalServer((raw, res) => {
      const request = format.decodeRequest(JSON.parse(raw));
      seen.push(request);
      const context = { request, model: 'gateway-model' };
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(format.encodeResponse(answer, context)));
        return;
      }
      const encoder = format.createStreamEncoder(context);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(encoder.open());
      for (const event of script.events) res.write(encoder.write(event));
      res.end(script.end === 'close' ? encoder.close() : encoder.fail('upstream stream terminated unexpectedly', 'upstream_error'));
    });
    client = new OpenAI({ baseURL: server.url, apiKey: 'ag_test', maxRetries: 0 });
  });
  afterEach(() => server.close());

  it('decodes the SDK request and serves a response object the SDK reads', async () => {
    const response = await client.responses.create({ model: 'auto', instructions: 'Be brief.', input: 'Weather in Paris and Rome?', tools });
    expect(seen[0]!.messages[0]).to.deep.equal({ role: 'system', content: [{ type: 'text', text: 'Be brief.' }] });
    expect(seen[0]!.tools![0]!.name).to.equal('get_weather');
    expect(response.model).to.equal('gateway-model');
    expect(response.output_text).to.equal('Let me check both.');
    const calls = response.output.flatMap((i) => (i.type === 'function_call' ? [[i.call_id, i.name, i.arguments]] : []));
    expect(calls).to.deep.equal([
      ['toolu_paris', 'get_weather', '{"city":"Paris"}'],
      ['toolu_rome', 'get_weather', '{"city":"Rome"}'],
    ]);
    expect(response.usage).to.deep.equal({
      input_tokens: 25,
      input_tokens_details: { cached_tokens: 5 },
      output_tokens: 14,
      output_tokens_details: { reasoning_tokens: 4 },
      total_tokens: 39,
    });
  });

  it('streams events the SDK iterates with create({stream: true})', async () => {
    const stream = await client.responses.create({ model: 'auto', input: 'Weather?', tools, stream: true });
    let text = '';
    let summary = '';
    const args = new Map<number, string>();
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.reasoning_summary_text.delta') summary += event.delta;
      if (event.type === 'response.function_call_arguments.delta') args.set(event.output_index, (args.get(event.output_index) ?? '') + event.delta);
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(seen[0]!.stream).to.equal(true);
    expect(text).to.equal('Let me check both.');
    expect(summary).to.equal('Need the weather for two cities.');
    expect([...args.values()]).to.deep.equal(['{"city":"Paris"}', '{"city":"Rome"}']);
    expect(completed!.usage!.total_tokens).to.equal(39);
  });

  it('reassembles text, reasoning, function calls and usage with responses.stream().finalResponse()', async () => {
    const stream = client.responses.stream({ model: 'auto', input: 'Weather?', tools });
    const snapshots: string[] = [];
    stream.on('response.output_text.delta', (e) => snapshots.push(e.snapshot));
    const final = await stream.finalResponse();
    expect(snapshots).to.deep.equal(['Let me ', 'Let me check both.']);
    expect(final.output_text).to.equal('Let me check both.');
    expect(final.output.map((i) => i.type)).to.deep.equal(['reasoning', 'message', 'function_call', 'function_call']);
    const reasoning = final.output[0]!;
    if (reasoning.type === 'reasoning') expect(reasoning.summary[0]!.text).to.equal('Need the weather for two cities.');
    const calls = final.output.flatMap((i) => (i.type === 'function_call' ? [JSON.parse(i.arguments)] : []));
    expect(calls).to.deep.equal([{ city: 'Paris' }, { city: 'Rome' }]);
    expect(final.usage!.output_tokens_details.reasoning_tokens).to.equal(4);
  });

  it('a failed stream reaches the SDK as an APIError carrying the failure message', async () => {
    script = { events: answerEvents.slice(0, 7), end: 'fail' };
    const seenText: string[] = [];
    const stream = await client.responses.create({ model: 'auto', input: 'x', stream: true });
    const err = await rejectionOf(async () => {
      for await (const event of stream) if (event.type === 'response.output_text.delta') seenText.push(event.delta);
    });
    expect(seenText.join('')).to.equal('Let me check both.');
    expect(err).to.be.instanceOf(APIError);
    expect((err as APIError).message).to.contain('upstream stream terminated unexpectedly');
    expect((err as APIError).type).to.equal('upstream_error');

    const viaHelper = client.responses.stream({ model: 'auto', input: 'x' });
    const helperErr = await rejectionOf(() => viaHelper.finalResponse());
    expect(helperErr).to.be.instanceOf(APIError);
  });
});

describe('openai-responses: fake upstream stream -> decoder -> encoder -> official SDK', () => {
  let fake: FakeUpstream;
  let server: { url: string; close(): Promise<void> };

  beforeEach(async () => {
    fake = await startFakeOpenAIResponses({ usage: { input: 9, output: 6, cached: 3 } });
    // A gateway in miniature: re-encode the upstream's stream event by event.
    server = await startLocalServer(async (raw, res) => {
      const request = format.decodeRequest(JSON.parse(raw));
      const upstream = await fetch(`${fake.url}/responses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(format.passthroughRequest(JSON.parse(raw), 'gpt-4o-mini')),
      });
      const decoder = format.createStreamDecoder();
      const encoder = format.createStreamEncoder({ request, model: 'gpt-4o-mini' });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const parser = createParser({
        onEvent: (message) => {
          for (const event of decoder.push(message)) res.write(encoder.write(event));
        },
      });
      const text = new TextDecoder();
      try {
        for await (const chunk of upstream.body!) parser.feed(text.decode(chunk as Uint8Array, { stream: true }));
      } catch {
        // The upstream connection died; the decoder then reports the stream incomplete.
      }
      const end = decoder.end();
      for (const event of end.events) res.write(encoder.write(event));
      res.end(end.complete ? encoder.close() : encoder.fail('upstream stream terminated unexpectedly', 'upstream_error'));
    });
  });
  afterEach(async () => {
    await server.close();
    await fake.close();
  });

  it('carries text, reasoning and function calls through to the SDK\'s final response', async () => {
    fake.enqueue({ kind: 'text', text: 'Sunny in Paris.', thinking: 'Check forecast.' }, { kind: 'tool_calls', calls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] });
    const client = new OpenAI({ baseURL: server.url, apiKey: 'ag_test', maxRetries: 0 });

    const first = await client.responses.stream({ model: 'auto', input: 'Weather?', reasoning: { summary: 'auto' } }).finalResponse();
    expect(first.output_text).to.equal('Sunny in Paris.');
    expect(first.output.map((i) => i.type)).to.deep.equal(['reasoning', 'message']);
    expect(first.usage).to.deep.include({ input_tokens: 9, output_tokens: 6, total_tokens: 15 });
    expect(first.usage!.input_tokens_details.cached_tokens).to.equal(3);
    expect((fake.requests[0]!.body as { model: string }).model).to.equal('gpt-4o-mini');

    const second = await client.responses.stream({ model: 'auto', input: 'Weather?', tools }).finalResponse();
    const call = second.output.find((i) => i.type === 'function_call');
    expect(call).to.deep.include({ call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' });
  });

  it('turns an upstream cut into the single failure event the SDK raises', async () => {
    fake.enqueue({ kind: 'cut', text: 'partial answer here', afterChunks: 1 });
    const client = new OpenAI({ baseURL: server.url, apiKey: 'ag_test', maxRetries: 0 });
    const err = await rejectionOf(() => client.responses.stream({ model: 'auto', input: 'x' }).finalResponse());
    expect(err).to.be.instanceOf(APIError);
    expect((err as APIError).message).to.contain('upstream stream terminated unexpectedly');
  });
});
