import { expect } from 'chai';
import { CohereClientV2, CohereError, Cohere } from 'cohere-ai';
import type { ScriptedUpstream } from '../../../../fixtures/providers/scripted-http-server.js';
import { startFakeCohere } from '../../../../fixtures/providers/cohere/server.js';
import { waitFor } from '../wait-for.js';

// The official cohere-ai SDK against the fake Cohere proves the fake speaks the real format.
describe('fake Cohere upstream with the official cohere-ai SDK', () => {
  let fake: ScriptedUpstream;
  let client: CohereClientV2;

  beforeEach(async () => {
    fake = await startFakeCohere({ usage: { input: 11, output: 6, cached: 3 } });
    client = new CohereClientV2({ token: 'co-test', baseUrl: fake.url, maxRetries: 0 });
  });
  afterEach(() => fake.close());

  it('answers a non-streaming chat with thinking and text', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris.', thinking: 'The capital of France.' });
    const response = await client.chat({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'Capital of France?' }] });
    expect(response.finishReason).to.equal('COMPLETE');
    expect(response.message.content).to.deep.equal([
      { type: 'thinking', thinking: 'The capital of France.' },
      { type: 'text', text: 'Paris.' },
    ]);
    expect(response.usage?.tokens).to.deep.equal({ inputTokens: 11, outputTokens: 6 });
    expect(response.usage?.cachedTokens).to.equal(3);
    const recorded = fake.requests[0]!;
    expect(recorded.path).to.equal('/v2/chat');
    expect(recorded.headers.authorization).to.equal('Bearer co-test');
    expect(recorded.body).to.deep.include({ model: 'command-a-03-2025', stream: false });
  });

  it('streams content events the SDK iterates', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three' });
    const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'count' }] });
    let text = '';
    let finish: string | undefined;
    for await (const event of stream) {
      if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
      if (event.type === 'message-end') finish = event.delta?.finishReason;
    }
    expect(text).to.equal('one two three');
    expect(finish).to.equal('COMPLETE');
  });

  it('returns a tool plan and parallel tool calls, streamed and not', async () => {
    const calls = [
      { id: 'get_weather_1', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'get_time_2', name: 'get_time', arguments: { tz: 'CET' } },
    ];
    fake.enqueue({ kind: 'tool_calls', calls, text: 'I will check both.' }, { kind: 'tool_calls', calls, text: 'I will check both.' });
    const response = await client.chat({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    expect(response.finishReason).to.equal('TOOL_CALL');
    expect(response.message.toolPlan).to.equal('I will check both.');
    expect(response.message.toolCalls!.map((c) => [c.id, c.function?.name, c.function?.arguments])).to.deep.equal([
      ['get_weather_1', 'get_weather', '{"city":"Paris"}'],
      ['get_time_2', 'get_time', '{"tz":"CET"}'],
    ]);

    const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    let plan = '';
    const args: Record<number, string> = {};
    const names: Record<number, string> = {};
    for await (const event of stream) {
      if (event.type === 'tool-plan-delta') plan += event.delta?.message?.toolPlan ?? '';
      if (event.type === 'tool-call-start') names[event.index!] = event.delta?.message?.toolCalls?.function?.name ?? '';
      if (event.type === 'tool-call-delta') args[event.index!] = (args[event.index!] ?? '') + (event.delta?.message?.toolCalls?.function?.arguments ?? '');
    }
    expect(plan).to.equal('I will check both.');
    expect(names).to.deep.equal({ 0: 'get_weather', 1: 'get_time' });
    expect(JSON.parse(args[0]!)).to.deep.equal({ city: 'Paris' });
    expect(JSON.parse(args[1]!)).to.deep.equal({ tz: 'CET' });
  });

  it('answers errors in Cohere error shape with Retry-After', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'You are past the per minute request limit', retryAfterSeconds: 2 });
    try {
      await client.chat({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
      expect.fail('expected a rate limit error');
    } catch (error) {
      expect(error).to.be.instanceOf(Cohere.TooManyRequestsError);
      const cohereError = error as CohereError;
      expect(cohereError.statusCode).to.equal(429);
      expect(cohereError.body).to.deep.equal({ message: 'You are past the per minute request limit' });
      expect(cohereError.rawResponse?.headers.get('retry-after')).to.equal('2');
    }
  });

  it('cuts a stream mid-way and records a hanging request as aborted', async () => {
    fake.enqueue({ kind: 'cut', text: 'a b c d', afterChunks: 1 });
    const stream = await client.chatStream({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }] });
    const types: string[] = [];
    try {
      for await (const event of stream) types.push(event.type);
    } catch {
      // A socket error is one way the SDK reports the cut.
    }
    expect(types).to.deep.equal(['message-start', 'content-start', 'content-delta']);

    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = client.chat({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, { abortSignal: controller.signal });
    await waitFor(() => fake.requests.length === 2);
    controller.abort();
    await pending.then(
      () => expect.fail('expected an abort'),
      () => undefined,
    );
    await waitFor(() => fake.requests[1]!.aborted);
  });
});
