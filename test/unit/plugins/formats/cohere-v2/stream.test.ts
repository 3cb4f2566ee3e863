import { expect } from 'chai';
import { FormatError, type CanonicalRequest, type SseEvent, type StreamEvent } from '../../../../../core/canonical/index.js';
import cohere from '../../../../../plugins/formats/cohere-v2/index.js';
import { startFakeCohere } from '../../../../fixtures/providers/cohere/server.js';
import type { ScriptedUpstream } from '../../../../fixtures/providers/scripted-http-server.js';
import { postAndReadSse } from '../../../../fixtures/providers/sse-client.js';
import { parseSse } from '../parse-sse.js';
import { decodeStream, encodeStream } from '../stream-codec.js';
import { callArguments, deltaText } from '../stream-events.js';

function decodeAll(events: SseEvent[]): { events: StreamEvent[]; complete: boolean } {
  return decodeStream(cohere.createStreamDecoder(), events);
}

const request: CanonicalRequest = { model: 'command-a-03-2025', messages: [], sampling: {}, stream: true };

describe('cohere-v2 stream decoder, fed by the fake upstream', () => {
  let fake: ScriptedUpstream;
  const chat = () => postAndReadSse(`${fake.url}/v2/chat`, { model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }], stream: true });

  beforeEach(async () => {
    fake = await startFakeCohere({ usage: { input: 8, output: 4 } });
  });
  afterEach(() => fake.close());

  it('decodes thinking and text blocks and a finish with usage', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris is lovely', thinking: 'Think first' });
    const decoded = decodeAll((await chat()).events);
    expect(decoded.complete).to.equal(true);
    expect(decoded.events).to.deep.equal([
      { type: 'start', id: (decoded.events[0] as { id: string }).id, model: '' },
      { type: 'thinking_delta', index: 0, text: 'Think ' },
      { type: 'thinking_delta', index: 0, text: 'first' },
      { type: 'part_end', index: 0 },
      { type: 'text_delta', index: 1, text: 'Paris ' },
      { type: 'text_delta', index: 1, text: 'is ' },
      { type: 'text_delta', index: 1, text: 'lovely' },
      { type: 'part_end', index: 1 },
      { type: 'finish', finish_reason: 'stop', usage: { input_tokens: 8, output_tokens: 4, total_tokens: 12 } },
    ]);
  });

  it('decodes the tool plan as text and each tool call as its own part', async () => {
    fake.enqueue({
      kind: 'tool_calls',
      text: 'I will look.',
      calls: [
        { id: 'get_weather_1', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'get_time_2', name: 'get_time', arguments: { tz: 'CET' } },
      ],
    });
    const { events } = decodeAll((await chat()).events);
    const plan = deltaText(events, 'text_delta');
    expect(plan).to.equal('I will look.');
    expect(events.filter((e) => e.type === 'tool_call_start')).to.deep.equal([
      { type: 'tool_call_start', index: 1, id: 'get_weather_1', name: 'get_weather' },
      { type: 'tool_call_start', index: 2, id: 'get_time_2', name: 'get_time' },
    ]);
    const args = (index: number) => callArguments(events, index);
    expect(JSON.parse(args(1))).to.deep.equal({ city: 'Paris' });
    expect(JSON.parse(args(2))).to.deep.equal({ tz: 'CET' });
    expect(events.filter((e) => e.type === 'part_end').map((e) => (e as { index: number }).index)).to.deep.equal([0, 1, 2]);
    expect(events.at(-1)).to.deep.include({ type: 'finish', finish_reason: 'tool_calls' });
  });

  it('reports a cut stream as incomplete', async () => {
    fake.enqueue({ kind: 'cut', text: 'one two three', afterChunks: 2 });
    const { events, cut } = await chat();
    expect(cut).to.equal(true);
    const decoded = decodeAll(events);
    expect(decoded.complete).to.equal(false);
    expect(decoded.events.slice(1)).to.deep.equal([
      { type: 'text_delta', index: 0, text: 'one ' },
      { type: 'text_delta', index: 0, text: 'two ' },
    ]);
  });

  it('rejects a malformed event and reports an in-stream generation error', async () => {
    fake.enqueue({ kind: 'malformed' });
    const { events } = await chat();
    expect(() => decodeAll(events)).to.throw(FormatError);
    const decoder = cohere.createStreamDecoder();
    expect(decoder.push({ event: 'message-end', data: '{"type":"message-end","delta":{"finish_reason":"ERROR","error":"generation failed"}}' }).slice(1)).to.deep.equal([
      { type: 'error', message: 'generation failed', error_type: 'upstream_error' },
      { type: 'finish', finish_reason: 'error' },
    ]);
  });
});

describe('cohere-v2 stream encoder', () => {
  const usage = { input_tokens: 5, output_tokens: 2, total_tokens: 7 };
  const encode = (events: StreamEvent[]): string => encodeStream(cohere.createStreamEncoder({ request, model: 'x' }), events);

  it('writes Cohere event pairs with content and tool-call indexes of their own', () => {
    const events = parseSse(
      encode([
        { type: 'start', id: 'gen-1', model: 'gpt-4o' },
        { type: 'thinking_delta', index: 0, text: 'hmm' },
        { type: 'part_end', index: 0 },
        { type: 'text_delta', index: 1, text: 'Checking.' },
        { type: 'tool_call_start', index: 2, id: 'call_a', name: 'get_weather' },
        { type: 'tool_call_delta', index: 2, arguments: '{"city":"Oslo"}' },
        { type: 'part_end', index: 2 },
        { type: 'finish', finish_reason: 'tool_calls', usage },
      ]),
    );
    expect(events.map((e) => e.event)).to.deep.equal([
      'message-start',
      'content-start',
      'content-delta',
      'content-end',
      'content-start',
      'content-delta',
      'content-end',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'message-end',
    ]);
    const data = events.map((e) => JSON.parse(e.data) as Record<string, unknown>);
    for (const [i, event] of events.entries()) expect(data[i]!.type).to.equal(event.event);
    expect(data[0]).to.deep.equal({ type: 'message-start', id: 'gen-1', delta: { message: { role: 'assistant' } } });
    expect(data[1]).to.deep.equal({ type: 'content-start', index: 0, delta: { message: { content: { type: 'thinking', thinking: '' } } } });
    expect(data[2]).to.deep.equal({ type: 'content-delta', index: 0, delta: { message: { content: { thinking: 'hmm' } } } });
    expect(data[5]).to.deep.equal({ type: 'content-delta', index: 1, delta: { message: { content: { text: 'Checking.' } } } });
    expect(data[7]).to.deep.equal({
      type: 'tool-call-start',
      index: 0,
      delta: { message: { tool_calls: { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } } } },
    });
    expect(data[8]).to.deep.equal({ type: 'tool-call-delta', index: 0, delta: { message: { tool_calls: { function: { arguments: '{"city":"Oslo"}' } } } } });
    expect(data[10]).to.deep.equal({
      type: 'message-end',
      delta: { finish_reason: 'TOOL_CALL', usage: { billed_units: { input_tokens: 5, output_tokens: 2 }, tokens: { input_tokens: 5, output_tokens: 2 } } },
    });
  });

  it('fails with one data event carrying error.message and error.type', () => {
    const encoder = cohere.createStreamEncoder({ request, model: 'x' });
    encoder.write({ type: 'start', id: 'g', model: '' });
    encoder.write({ type: 'text_delta', index: 0, text: 'part' });
    const failure = encoder.fail('upstream stream terminated unexpectedly', 'upstream_error');
    const events = parseSse(failure);
    expect(events).to.have.length(1);
    const data = JSON.parse(events[0]!.data) as { error: unknown; delta: unknown };
    expect(data.error).to.deep.equal({ message: 'upstream stream terminated unexpectedly', type: 'upstream_error' });
    expect(data.delta).to.deep.equal({ finish_reason: 'ERROR', error: 'upstream stream terminated unexpectedly' });
    expect(encoder.close()).to.equal('');
  });

  it('re-encodes the fake upstream stream into the same events', async () => {
    const fake = await startFakeCohere();
    try {
      fake.enqueue({ kind: 'tool_calls', text: 'Plan.', calls: [{ id: 'lookup_1', name: 'lookup', arguments: { q: 'x' } }] });
      const { events } = await postAndReadSse(`${fake.url}/v2/chat`, { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true });
      const decoded = decodeAll(events).events;
      const again = decodeAll(parseSse(encode(decoded)));
      expect(again.events).to.deep.equal(decoded);
      expect(again.complete).to.equal(true);
    } finally {
      await fake.close();
    }
  });
});
