import { expect } from 'chai';
import { FormatError, type CanonicalRequest, type SseEvent, type StreamEvent } from '../../../../../core/canonical/index.js';
import openaiChat from '../../../../../plugins/formats/openai-chat/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../fixtures/providers/openai/server.js';
import { postAndReadSse } from '../../../../fixtures/providers/sse-client.js';
import { parseSse } from '../parse-sse.js';
import { decodeStream, encodeStream } from '../stream-codec.js';
import { callArguments } from '../stream-events.js';

function decodeAll(events: SseEvent[]): { events: StreamEvent[]; complete: boolean } {
  return decodeStream(openaiChat.createStreamDecoder(), events);
}

const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'gpt-4o',
  messages: [],
  sampling: {},
  stream: true,
  ...overrides,
});

describe('openai-chat stream decoder, fed by the fake upstream', () => {
  let fake: FakeOpenAI;
  const chat = (body: object = {}) =>
    postAndReadSse(`${fake.url}/chat/completions`, { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true, ...body });

  beforeEach(async () => {
    fake = await startFakeOpenAI({ usage: { input: 9, output: 3, cached: 2 } });
  });
  afterEach(() => fake.close());

  it('decodes text deltas and a finish that carries the usage chunk', async () => {
    fake.enqueue({ kind: 'text', text: 'Hello there world' });
    const { events } = await chat({ stream_options: { include_usage: true } });
    const decoded = decodeAll(events);
    expect(decoded.complete).to.equal(true);
    expect(decoded.events[0]).to.include({ type: 'start', model: 'gpt-4o' });
    expect(decoded.events.slice(1)).to.deep.equal([
      { type: 'text_delta', index: 0, text: 'Hello ' },
      { type: 'text_delta', index: 0, text: 'there ' },
      { type: 'text_delta', index: 0, text: 'world' },
      { type: 'part_end', index: 0 },
      { type: 'finish', finish_reason: 'stop', usage: { input_tokens: 9, output_tokens: 3, total_tokens: 12, cached_input_tokens: 2, reasoning_tokens: 0 } },
    ]);
  });

  it('decodes parallel tool calls by their delta index', async () => {
    fake.enqueue({
      kind: 'tool_calls',
      text: 'Checking.',
      calls: [
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_b', name: 'get_time', arguments: { tz: 'CET' } },
      ],
    });
    const decoded = decodeAll((await chat()).events);
    const kinds = decoded.events.map((e) => e.type);
    expect(kinds.filter((k) => k === 'tool_call_start')).to.have.length(2);
    const starts = decoded.events.filter((e) => e.type === 'tool_call_start');
    expect(starts).to.deep.equal([
      { type: 'tool_call_start', index: 1, id: 'call_a', name: 'get_weather' },
      { type: 'tool_call_start', index: 2, id: 'call_b', name: 'get_time' },
    ]);
    const args = (index: number) => callArguments(decoded.events, index);
    expect(JSON.parse(args(1))).to.deep.equal({ city: 'Paris' });
    expect(JSON.parse(args(2))).to.deep.equal({ tz: 'CET' });
    expect(decoded.events.at(-1)).to.deep.equal({ type: 'finish', finish_reason: 'tool_calls' });
    expect(decoded.events.filter((e) => e.type === 'part_end').map((e) => (e as { index: number }).index)).to.deep.equal([0, 1, 2]);
  });

  it('reports a cut stream as incomplete', async () => {
    fake.enqueue({ kind: 'cut', text: 'one two three four', afterChunks: 2 });
    const { events, cut } = await chat();
    expect(cut).to.equal(true);
    const decoded = decodeAll(events);
    expect(decoded.complete).to.equal(false);
    expect(decoded.events.slice(1)).to.deep.equal([
      { type: 'text_delta', index: 0, text: 'one ' },
      { type: 'text_delta', index: 0, text: 'two ' },
      { type: 'part_end', index: 0 },
    ]);
  });

  it('rejects a malformed stream event', async () => {
    fake.enqueue({ kind: 'malformed' });
    const { events } = await chat();
    expect(() => decodeAll(events)).to.throw(FormatError);
  });

  it('turns an in-stream error object into an error event', () => {
    const decoder = openaiChat.createStreamDecoder();
    expect(decoder.push({ data: '{"error":{"message":"overloaded","type":"server_error"}}' })).to.deep.equal([
      { type: 'error', message: 'overloaded', error_type: 'server_error' },
    ]);
  });

  it('decodes provider reasoning deltas into a thinking part before the text', () => {
    const decoder = openaiChat.createStreamDecoder();
    const chunk = (delta: object, finish: string | null = null) =>
      ({ data: JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'deepseek-reasoner', choices: [{ index: 0, delta, finish_reason: finish }] }) });
    const events = [
      ...decoder.push(chunk({ role: 'assistant', reasoning_content: 'Think' })),
      ...decoder.push(chunk({ content: 'Answer' })),
      ...decoder.push(chunk({}, 'stop')),
      ...decoder.push({ data: '[DONE]' }),
    ];
    expect(events.slice(1)).to.deep.equal([
      { type: 'thinking_delta', index: 0, text: 'Think' },
      { type: 'part_end', index: 0 },
      { type: 'text_delta', index: 1, text: 'Answer' },
      { type: 'part_end', index: 1 },
      { type: 'finish', finish_reason: 'stop' },
    ]);
  });
});

describe('openai-chat stream encoder', () => {
  const usage = { input_tokens: 5, output_tokens: 2, total_tokens: 7, cached_input_tokens: 1 };
  const toolStream: StreamEvent[] = [
    { type: 'start', id: 'msg_1', model: 'claude-x', created: 100 },
    { type: 'text_delta', index: 0, text: 'Let me look.' },
    { type: 'part_end', index: 0 },
    { type: 'tool_call_start', index: 1, id: 'toolu_a', name: 'get_weather' },
    { type: 'tool_call_delta', index: 1, arguments: '{"city":' },
    { type: 'tool_call_delta', index: 1, arguments: '"Paris"}' },
    { type: 'part_end', index: 1 },
    { type: 'tool_call_start', index: 2, id: 'toolu_b', name: 'get_time' },
    { type: 'tool_call_delta', index: 2, arguments: '{}' },
    { type: 'part_end', index: 2 },
    { type: 'finish', finish_reason: 'tool_calls', usage },
  ];

  function encode(events: StreamEvent[], includeUsage: boolean): string {
    return encodeStream(openaiChat.createStreamEncoder({ request: request({ stream_include_usage: includeUsage }), model: 'my-model' }), events);
  }

  it('writes chunks with tool call deltas that carry index, id and name first', () => {
    const chunks = parseSse(encode(toolStream, false));
    expect(chunks.at(-1)!.data).to.equal('[DONE]');
    const bodies = chunks.slice(0, -1).map((c) => JSON.parse(c.data) as { id: string; model: string; object: string; choices: Array<{ delta: Record<string, unknown>; finish_reason: string | null }> });
    for (const body of bodies) expect(body).to.include({ id: 'msg_1', model: 'my-model', object: 'chat.completion.chunk' });
    const deltas = bodies.map((b) => b.choices[0]!.delta);
    expect(deltas[0]).to.deep.equal({ role: 'assistant', content: '', refusal: null });
    expect(deltas[1]).to.deep.equal({ content: 'Let me look.' });
    expect(deltas[2]).to.deep.equal({ tool_calls: [{ index: 0, id: 'toolu_a', type: 'function', function: { name: 'get_weather', arguments: '' } }] });
    expect(deltas[3]).to.deep.equal({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] });
    expect(deltas[5]).to.deep.equal({ tool_calls: [{ index: 1, id: 'toolu_b', type: 'function', function: { name: 'get_time', arguments: '' } }] });
    expect(bodies.at(-1)!.choices[0]!.finish_reason).to.equal('tool_calls');
    expect(bodies.some((b) => 'usage' in b)).to.equal(false);
  });

  it('sends the usage chunk only when the client asked for it', () => {
    const chunks = parseSse(encode(toolStream, true));
    const usageChunk = JSON.parse(chunks.at(-2)!.data) as { choices: unknown[]; usage: unknown };
    expect(usageChunk.choices).to.deep.equal([]);
    expect(usageChunk.usage).to.deep.equal({ prompt_tokens: 5, completion_tokens: 2, total_tokens: 7, prompt_tokens_details: { cached_tokens: 1 } });
    expect((JSON.parse(chunks[0]!.data) as { usage: unknown }).usage).to.equal(null);
  });

  it('fails with one error event and no [DONE]', () => {
    const encoder = openaiChat.createStreamEncoder({ request: request(), model: 'm' });
    encoder.write({ type: 'start', id: 'c', model: 'm' });
    encoder.write({ type: 'text_delta', index: 0, text: 'partial' });
    const failure = encoder.fail('upstream stream terminated unexpectedly', 'upstream_error');
    const events = parseSse(failure);
    expect(events).to.have.length(1);
    expect(JSON.parse(events[0]!.data)).to.deep.equal({
      error: { message: 'upstream stream terminated unexpectedly', type: 'upstream_error', param: null, code: null },
    });
    expect(failure).not.to.contain('[DONE]');
  });

  it('re-encodes the fake upstream stream into the same text, tool calls and usage', async () => {
    const fake = await startFakeOpenAI();
    try {
      fake.enqueue({ kind: 'tool_calls', text: 'Sure.', calls: [{ id: 'call_z', name: 'lookup', arguments: { q: 'x' } }] });
      const { events } = await postAndReadSse(`${fake.url}/chat/completions`, {
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const decoded = decodeAll(events).events;
      const text = encode(decoded, true);
      const again = decodeAll(parseSse(text));
      expect(again.events.slice(1)).to.deep.equal(decoded.slice(1));
      expect(again.complete).to.equal(true);
    } finally {
      await fake.close();
    }
  });
});
