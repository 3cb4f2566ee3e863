import { expect } from 'chai';
import OpenAI from 'openai';
import type { CanonicalRequest, CanonicalResponse, StreamEvent } from '../../../../../core/canonical/index.js';
import openaiChat from '../../../../../plugins/formats/openai-chat/index.js';
import { startStaticAnswerServer, type StaticAnswerServer } from '../../../../fixtures/providers/static-answer-server.js';
import { encodeStream } from '../stream-codec.js';

// The encoders' output served to the official openai SDK: if the SDK reassembles the same
// text, tool calls and usage, the gateway's answers are real Chat Completions.
describe('openai-chat encoders read by the official openai SDK', () => {
  let server: StaticAnswerServer;
  let client: OpenAI;
  const usage = { input_tokens: 20, output_tokens: 8, total_tokens: 28, cached_input_tokens: 6, reasoning_tokens: 3 };
  const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({ model: 'gpt-4o', messages: [], sampling: {}, stream: true, ...overrides });

  function serveStream(events: StreamEvent[], includeUsage: boolean, failure?: string): void {
    const encoder = openaiChat.createStreamEncoder({ request: request({ stream_include_usage: includeUsage }), model: 'gpt-4o' });
    server.answer({ contentType: 'text/event-stream', body: encodeStream(encoder, events, failure) });
  }

  beforeEach(async () => {
    server = await startStaticAnswerServer();
    client = new OpenAI({ apiKey: 'k', baseURL: `${server.origin}/v1`, maxRetries: 0 });
  });
  afterEach(() => server.close());

  it('reads an encoded chat completion with tool calls and usage', async () => {
    const answer: CanonicalResponse = {
      id: 'resp_1',
      model: 'claude-x',
      created: 1700000000,
      content: [
        { type: 'text', text: 'Calling tools.' },
        { type: 'tool_call', id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
        { type: 'tool_call', id: 'toolu_2', name: 'get_time', arguments: '{}' },
      ],
      finish_reason: 'tool_calls',
      usage,
    };
    server.answer({ contentType: 'application/json', body: JSON.stringify(openaiChat.encodeResponse(answer, { request: request({ stream: false }), model: 'gpt-4o' })) });
    const completion = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    const message = completion.choices[0]!.message;
    expect(message.content).to.equal('Calling tools.');
    expect(message.tool_calls!.map((c) => (c.type === 'function' ? [c.id, c.function.name, c.function.arguments] : []))).to.deep.equal([
      ['toolu_1', 'get_weather', '{"city":"Oslo"}'],
      ['toolu_2', 'get_time', '{}'],
    ]);
    expect(completion.choices[0]!.finish_reason).to.equal('tool_calls');
    expect(completion.usage).to.deep.include({ prompt_tokens: 20, completion_tokens: 8, total_tokens: 28 });
    expect(completion.usage!.prompt_tokens_details!.cached_tokens).to.equal(6);
    expect(completion.usage!.completion_tokens_details!.reasoning_tokens).to.equal(3);
  });

  it('streams text the SDK iterates into the same text and usage', async () => {
    serveStream(
      [
        { type: 'start', id: 'msg_1', model: 'x', created: 1 },
        { type: 'text_delta', index: 0, text: 'Hello, ' },
        { type: 'text_delta', index: 0, text: 'world.' },
        { type: 'part_end', index: 0 },
        { type: 'finish', finish_reason: 'stop' },
        { type: 'usage', usage },
      ],
      true,
    );
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let finish: string | null = null;
    let seenUsage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) seenUsage = chunk.usage;
    }
    expect(text).to.equal('Hello, world.');
    expect(finish).to.equal('stop');
    expect(seenUsage).to.deep.equal({ prompt_tokens: 20, completion_tokens: 8, total_tokens: 28, prompt_tokens_details: { cached_tokens: 6 }, completion_tokens_details: { reasoning_tokens: 3 } });
  });

  it('streams parallel tool calls that finalChatCompletion() accumulates', async () => {
    serveStream(
      [
        { type: 'start', id: 'msg_2', model: 'x' },
        { type: 'tool_call_start', index: 0, id: 'toolu_a', name: 'get_weather' },
        { type: 'tool_call_delta', index: 0, arguments: '{"ci' },
        { type: 'tool_call_delta', index: 0, arguments: 'ty":"Rome"}' },
        { type: 'part_end', index: 0 },
        { type: 'tool_call_start', index: 1, id: 'toolu_b', name: 'get_time' },
        { type: 'tool_call_delta', index: 1, arguments: '{"tz":"CET"}' },
        { type: 'part_end', index: 1 },
        { type: 'finish', finish_reason: 'tool_calls', usage },
      ],
      true,
    );
    const final = await client.chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream_options: { include_usage: true } }).finalChatCompletion();
    const calls = final.choices[0]!.message.tool_calls!.map((c) => (c.type === 'function' ? { id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) as unknown } : {}));
    expect(calls).to.deep.equal([
      { id: 'toolu_a', name: 'get_weather', args: { city: 'Rome' } },
      { id: 'toolu_b', name: 'get_time', args: { tz: 'CET' } },
    ]);
    expect(final.choices[0]!.finish_reason).to.equal('tool_calls');
    expect(final.usage?.total_tokens).to.equal(28);
  });

  it('surfaces fail() as an SDK error carrying the message', async () => {
    serveStream(
      [
        { type: 'start', id: 'msg_3', model: 'x' },
        { type: 'text_delta', index: 0, text: 'partial' },
      ],
      false,
      'upstream stream terminated unexpectedly',
    );
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    try {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect.fail('expected the stream to fail');
    } catch (error) {
      expect(error).to.be.instanceOf(OpenAI.APIError);
      expect((error as Error).message).to.contain('upstream stream terminated unexpectedly');
    }
    expect(text).to.equal('partial');
  });
});
