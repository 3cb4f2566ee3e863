import { expect } from 'chai';
import { CohereClientV2 } from 'cohere-ai';
import type { CanonicalRequest, CanonicalResponse, StreamEvent } from '../../../../../core/canonical/index.js';
import cohere from '../../../../../plugins/formats/cohere-v2/index.js';
import { startStaticAnswerServer, type StaticAnswerServer } from '../../../../fixtures/providers/static-answer-server.js';
import { encodeStream } from '../stream-codec.js';

// The encoders' output served to the official cohere-ai SDK: if the SDK reads back the same
// text, tool calls and usage, the gateway's answers are real Cohere v2 chat answers.
describe('cohere-v2 encoders read by the official cohere-ai SDK', () => {
  let server: StaticAnswerServer;
  let client: CohereClientV2;
  const usage = { input_tokens: 30, output_tokens: 12, total_tokens: 42, cached_input_tokens: 10 };
  const request: CanonicalRequest = { model: 'command-a-03-2025', messages: [], sampling: {}, stream: true };

  function serveStream(events: StreamEvent[], failure?: string): void {
    const encoder = cohere.createStreamEncoder({ request, model: 'command-a-03-2025' });
    server.answer({ contentType: 'text/event-stream', body: encodeStream(encoder, events, failure) });
  }

  beforeEach(async () => {
    server = await startStaticAnswerServer();
    client = new CohereClientV2({ token: 'k', baseUrl: server.origin, maxRetries: 0 });
  });
  afterEach(() => server.close());

  it('reads an encoded answer with a tool plan, tool calls and usage', async () => {
    const answer: CanonicalResponse = {
      id: 'chatcmpl-9',
      model: 'gpt-4o',
      created: 1,
      content: [
        { type: 'text', text: 'I will check.' },
        { type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'tool_call', id: 'call_2', name: 'get_time', arguments: '{}' },
      ],
      finish_reason: 'tool_calls',
      usage,
    };
    server.answer({ contentType: 'application/json', body: JSON.stringify(cohere.encodeResponse(answer, { request, model: 'x' })) });
    const response = await client.chat({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.finishReason).to.equal('TOOL_CALL');
    expect(response.message.toolPlan).to.equal('I will check.');
    expect(response.message.toolCalls!.map((c) => [c.id, c.function?.name, c.function?.arguments])).to.deep.equal([
      ['call_1', 'get_weather', '{"city":"Oslo"}'],
      ['call_2', 'get_time', '{}'],
    ]);
    expect(response.usage?.tokens).to.deep.equal({ inputTokens: 30, outputTokens: 12 });
    expect(response.usage?.cachedTokens).to.equal(10);
  });

  it('streams text and tool calls that chatStream() reassembles', async () => {
    serveStream([
      { type: 'start', id: 'msg_1', model: 'claude-x' },
      { type: 'text_delta', index: 0, text: 'Let me ' },
      { type: 'text_delta', index: 0, text: 'look.' },
      { type: 'part_end', index: 0 },
      { type: 'tool_call_start', index: 1, id: 'toolu_a', name: 'get_weather' },
      { type: 'tool_call_delta', index: 1, arguments: '{"city":' },
      { type: 'tool_call_delta', index: 1, arguments: '"Rome"}' },
      { type: 'part_end', index: 1 },
      { type: 'tool_call_start', index: 2, id: 'toolu_b', name: 'get_time' },
      { type: 'tool_call_delta', index: 2, arguments: '{"tz":"CET"}' },
      { type: 'part_end', index: 2 },
      { type: 'finish', finish_reason: 'tool_calls', usage },
    ]);
    const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    let text = '';
    const calls: Array<{ id?: string; name?: string; args: string }> = [];
    let finish: string | undefined;
    let tokens: unknown;
    for await (const event of stream) {
      if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
      if (event.type === 'tool-call-start') {
        const call = event.delta?.message?.toolCalls;
        calls[event.index!] = { id: call?.id, name: call?.function?.name, args: call?.function?.arguments ?? '' };
      }
      if (event.type === 'tool-call-delta') calls[event.index!]!.args += event.delta?.message?.toolCalls?.function?.arguments ?? '';
      if (event.type === 'message-end') {
        finish = event.delta?.finishReason;
        tokens = event.delta?.usage?.tokens;
      }
    }
    expect(text).to.equal('Let me look.');
    expect(calls.map((c) => ({ ...c, args: JSON.parse(c.args) as unknown }))).to.deep.equal([
      { id: 'toolu_a', name: 'get_weather', args: { city: 'Rome' } },
      { id: 'toolu_b', name: 'get_time', args: { tz: 'CET' } },
    ]);
    expect(finish).to.equal('TOOL_CALL');
    expect(tokens).to.deep.equal({ inputTokens: 30, outputTokens: 12 });
  });

  it('delivers fail() as a message-end with finish reason ERROR and the error text', async () => {
    serveStream(
      [
        { type: 'start', id: 'msg_2', model: 'x' },
        { type: 'text_delta', index: 0, text: 'partial' },
      ],
      'upstream stream terminated unexpectedly',
    );
    const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    const seen: Array<{ type: string; finish?: string; error?: string }> = [];
    for await (const event of stream) {
      seen.push(event.type === 'message-end' ? { type: event.type, finish: event.delta?.finishReason, error: event.delta?.error } : { type: event.type });
    }
    expect(seen.at(-1)).to.deep.equal({ type: 'message-end', finish: 'ERROR', error: 'upstream stream terminated unexpectedly' });
    expect(seen.map((e) => e.type)).to.deep.equal(['message-start', 'content-start', 'content-delta', 'message-end']);
  });
});
