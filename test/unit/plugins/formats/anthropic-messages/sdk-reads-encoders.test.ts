import { expect } from 'chai';
import Anthropic from '@anthropic-ai/sdk';
import type { CanonicalResponse, EncodeContext, StreamEvent } from '../../../../../core/canonical/index.js';
import anthropic from '../../../../../plugins/formats/anthropic-messages/index.js';
import { startStaticAnswerServer, type StaticAnswerServer } from '../../../../fixtures/providers/static-answer-server.js';
import { rejectionOf } from '../caught-errors.js';
import { encodeStream } from '../stream-codec.js';

// The official SDK reads what the encoders write, as a client of the gateway would.
describe('@anthropic-ai/sdk reads the anthropic-messages encoders', () => {
  let server: StaticAnswerServer;
  let client: Anthropic;
  const params = { model: 'claude-opus-4-8', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hi' }] };
  const context: EncodeContext = { request: { model: 'auto', messages: [], sampling: {}, stream: true }, model: 'claude-opus-4-8' };

  /** Canonical events as an OpenAI-style upstream would give them: text, tools apart, usage last. */
  const events: StreamEvent[] = [
    { type: 'start', id: 'msg_gw_1', model: 'gpt-4o' },
    { type: 'thinking_delta', index: 0, text: 'Two cities, ' },
    { type: 'thinking_delta', index: 0, text: 'two calls.' },
    { type: 'thinking_signature', index: 0, signature: 'sig-abc==' },
    { type: 'part_end', index: 0 },
    { type: 'text_delta', index: 1, text: 'Checking ' },
    { type: 'text_delta', index: 1, text: 'both.' },
    { type: 'tool_call_start', index: 2, id: 'toolu_a', name: 'get_weather' },
    { type: 'tool_call_delta', index: 2, arguments: '{"city":' },
    { type: 'tool_call_delta', index: 2, arguments: '"Paris"}' },
    { type: 'tool_call_start', index: 3, id: 'toolu_b', name: 'get_weather' },
    { type: 'tool_call_delta', index: 3, arguments: '{"city":"Rome","days":[1,2]}' },
    { type: 'finish', finish_reason: 'tool_calls' },
    { type: 'usage', usage: { input_tokens: 1200, output_tokens: 42, total_tokens: 1242, cached_input_tokens: 1000, cache_creation_input_tokens: 50 } },
  ];

  function sse(list: StreamEvent[]): string {
    return encodeStream(anthropic.createStreamEncoder(context), list);
  }

  beforeEach(async () => {
    server = await startStaticAnswerServer();
    client = new Anthropic({ apiKey: 'ag_test', baseURL: server.origin, maxRetries: 0 });
  });
  afterEach(() => server.close());

  it('messages.stream().finalMessage() reassembles thinking, text, tool_use input and usage', async () => {
    server.answer({ contentType: 'text/event-stream', body: sse(events) });
    const stream = client.messages.stream(params);
    let streamedText = '';
    stream.on('text', (delta) => (streamedText += delta));
    const final = await stream.finalMessage();
    expect(streamedText).to.equal('Checking both.');
    expect(final.id).to.equal('msg_gw_1');
    expect(final.model).to.equal('claude-opus-4-8');
    expect(final.stop_reason).to.equal('tool_use');
    expect(final.content).to.deep.equal([
      { type: 'thinking', thinking: 'Two cities, two calls.', signature: 'sig-abc==' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Rome', days: [1, 2] } },
    ]);
    expect(final.usage).to.include({ input_tokens: 150, output_tokens: 42, cache_read_input_tokens: 1000, cache_creation_input_tokens: 50 });
    expect(server.paths[0]).to.equal('/v1/messages');
  });

  it('raw stream iteration sees the documented event order with numbered blocks', async () => {
    server.answer({ contentType: 'text/event-stream', body: sse(events) });
    const seen: string[] = [];
    for await (const event of await client.messages.create({ ...params, stream: true })) {
      seen.push(event.type === 'content_block_start' || event.type === 'content_block_stop' ? `${event.type}:${event.index}` : event.type);
    }
    expect(seen).to.deep.equal([
      'message_start',
      'content_block_start:0', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop:0',
      'content_block_start:1', 'content_block_delta', 'content_block_delta', 'content_block_stop:1',
      'content_block_start:2', 'content_block_delta', 'content_block_delta', 'content_block_stop:2',
      'content_block_start:3', 'content_block_delta', 'content_block_stop:3',
      'message_delta', 'message_stop',
    ]);
  });

  it('messages.create reads an encoded answer', async () => {
    const response: CanonicalResponse = {
      id: 'resp_1',
      model: 'gemini-2.5-pro',
      created: 1,
      content: [
        { type: 'text', text: 'Sure.' },
        { type: 'tool_call', id: 'toolu_x', name: 'lookup', arguments: '{"q":"portcullis"}' },
      ],
      finish_reason: 'tool_calls',
      usage: { input_tokens: 30, output_tokens: 8, total_tokens: 38, cached_input_tokens: 10 },
    };
    server.answer({ contentType: 'application/json', body: JSON.stringify(anthropic.encodeResponse(response, { ...context, model: 'claude-opus-4-8' })) });
    const message = await client.messages.create(params);
    expect(message.content).to.deep.equal([
      { type: 'text', text: 'Sure.' },
      { type: 'tool_use', id: 'toolu_x', name: 'lookup', input: { q: 'portcullis' } },
    ]);
    expect(message.stop_reason).to.equal('tool_use');
    expect(message.usage).to.include({ input_tokens: 20, cache_read_input_tokens: 10, output_tokens: 8 });
  });

  it('reads an encoded error as the matching SDK error class', async () => {
    server.answer({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify(anthropic.encodeError({ status: 429, kind: 'rate_limit', message: 'rate limited by the gateway' })),
    });
    const error = await rejectionOf(() => client.messages.create(params));
    expect(error).to.be.instanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).to.equal('rate_limit_error');
    expect((error as Error).message).to.contain('rate limited by the gateway');
  });

  it('reads fail() as a stream error carrying the message and type', async () => {
    const encoder = anthropic.createStreamEncoder(context);
    const body =
      encoder.write({ type: 'start', id: 'msg_1', model: 'm' }) +
      encoder.write({ type: 'text_delta', index: 0, text: 'Partial' }) +
      encoder.fail('upstream stream terminated unexpectedly', 'upstream_error') +
      encoder.close();
    server.answer({ contentType: 'text/event-stream', body });
    let text = '';
    const error = await rejectionOf(async () => {
      for await (const event of await client.messages.create({ ...params, stream: true })) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      }
    });
    expect(text).to.equal('Partial');
    expect(error).to.be.instanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).to.equal('upstream_error');
    expect((error as Error).message).to.contain('upstream stream terminated unexpectedly');
  });
});
