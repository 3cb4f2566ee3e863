import { expect } from 'chai';
import Anthropic from '@anthropic-ai/sdk';
import { FormatError, type StreamEvent } from '../../../../../core/canonical/index.js';
import anthropic from '../../../../../plugins/formats/anthropic-messages/index.js';
import { startFakeAnthropic, type FakeAnthropic } from '../../../../fixtures/providers/anthropic/server.js';
import { postAndReadSse } from '../../../../fixtures/providers/sse-client.js';
import { startStaticAnswerServer } from '../../../../fixtures/providers/static-answer-server.js';
import { rejectionOf } from '../caught-errors.js';
import { decodeStream } from '../stream-codec.js';
import { callArguments, deltaText } from '../stream-events.js';

// The fake's real stream bytes, parsed by eventsource-parser, through the stream decoder.
describe('anthropic-messages stream decoder on the fake upstream bytes', () => {
  let fake: FakeAnthropic;
  const headers = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };
  const body = { model: 'claude-opus-4-8', max_tokens: 256, stream: true, messages: [{ role: 'user' as const, content: 'Hi' }] };

  beforeEach(async () => {
    fake = await startFakeAnthropic({ usage: { input: 50, output: 9, cached: 20 } });
  });
  afterEach(() => fake.close());

  async function decodeFrom(): Promise<{ events: StreamEvent[]; complete: boolean; cut: boolean }> {
    const { events: sse, cut } = await postAndReadSse(`${fake.url}/v1/messages`, body, headers);
    return { ...decodeStream(anthropic.createStreamDecoder(), sse), cut };
  }

  it('decodes thinking with its signature, text and the final usage', async () => {
    fake.enqueue({ kind: 'text', text: 'It is Paris.', thinking: 'Capital of France.' });
    const { events, complete } = await decodeFrom();
    expect(complete).to.equal(true);
    expect(events[0]).to.deep.equal({ type: 'start', id: (events[0] as { id: string }).id, model: 'claude-opus-4-8' });
    expect(deltaText(events, 'thinking_delta')).to.equal('Capital of France.');
    expect(deltaText(events, 'text_delta')).to.equal('It is Paris.');
    const signature = events.find((e) => e.type === 'thinking_signature');
    expect(signature).to.include({ index: 0 });
    expect((signature as { signature: string }).signature).to.be.a('string').and.not.equal('');
    expect(events.filter((e) => e.type === 'text_delta').every((e) => (e as { index: number }).index === 1)).to.equal(true);
    expect(events.at(-1)).to.deep.equal({
      type: 'finish',
      finish_reason: 'stop',
      native_finish_reason: { format: 'anthropic-messages', value: 'end_turn' },
      usage: { input_tokens: 50, output_tokens: 9, total_tokens: 59, cached_input_tokens: 20, cache_creation_input_tokens: 0 },
    });
  });

  it('decodes parallel tool calls with their JSON arguments', async () => {
    fake.enqueue({ kind: 'tool_calls', calls: [{ id: 'toolu_1', name: 'a', arguments: { x: 1 } }, { id: 'toolu_2', name: 'b', arguments: { y: 'z' } }] });
    const { events } = await decodeFrom();
    const args = (index: number) => callArguments(events, index);
    expect(events.filter((e) => e.type === 'tool_call_start')).to.deep.equal([
      { type: 'tool_call_start', index: 0, id: 'toolu_1', name: 'a' },
      { type: 'tool_call_start', index: 1, id: 'toolu_2', name: 'b' },
    ]);
    expect(JSON.parse(args(0))).to.deep.equal({ x: 1 });
    expect(JSON.parse(args(1))).to.deep.equal({ y: 'z' });
    expect(events.at(-1)).to.include({ type: 'finish', finish_reason: 'tool_calls' });
  });

  it('reports a cut stream as incomplete after the text that arrived', async () => {
    fake.enqueue({ kind: 'cut', text: 'one two three', afterChunks: 2 });
    const { events, complete, cut } = await decodeFrom();
    expect(cut).to.equal(true);
    expect(complete).to.equal(false);
    expect(deltaText(events, 'text_delta')).to.equal('one two ');
    expect(events.some((e) => e.type === 'finish')).to.equal(false);
  });

  it('throws FormatError on a malformed stream', async () => {
    fake.enqueue({ kind: 'malformed' });
    const error = await rejectionOf(() => decodeFrom());
    expect(error).to.be.instanceOf(FormatError);
  });

  it('relays the fake stream through decoder and encoder to the SDK with nothing lost', async () => {
    const reply = { kind: 'tool_calls' as const, text: 'Let me check.', calls: [{ id: 'toolu_9', name: 'lookup', arguments: { q: 'x', n: [1, 2] } }] };
    fake.enqueue(reply, reply);
    const direct = await new Anthropic({ apiKey: 'k', baseURL: fake.url, maxRetries: 0 }).messages.stream(body).finalMessage();

    const { events: sse } = await postAndReadSse(`${fake.url}/v1/messages`, body, headers);
    const decoder = anthropic.createStreamDecoder();
    const encoder = anthropic.createStreamEncoder({ request: anthropic.decodeRequest(body), model: 'claude-opus-4-8' });
    const relayed = sse.map((e) => decoder.push(e).map((c) => encoder.write(c)).join('')).join('') + encoder.close();
    const server = await startStaticAnswerServer();
    try {
      server.answer({ contentType: 'text/event-stream', body: relayed });
      const viaGateway = await new Anthropic({ apiKey: 'k', baseURL: server.origin, maxRetries: 0 }).messages.stream(body).finalMessage();
      // `service_tier` is Anthropic billing metadata the canonical usage does not carry.
      const { service_tier: _tier, ...usage } = direct.usage as unknown as Record<string, unknown>;
      expect({ ...viaGateway, id: direct.id }).to.deep.equal({ ...direct, usage });
    } finally {
      await server.close();
    }
  });
});
