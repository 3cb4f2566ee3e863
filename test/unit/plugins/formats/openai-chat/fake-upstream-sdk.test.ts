import { expect } from 'chai';
import OpenAI, { AzureOpenAI } from 'openai';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../fixtures/providers/openai/server.js';
import { waitFor } from '../wait-for.js';

// The official SDK against the fake OpenAI proves the fake speaks the real wire format.
describe('fake OpenAI upstream with the official openai SDK', () => {
  let fake: FakeOpenAI;
  let client: OpenAI;

  beforeEach(async () => {
    fake = await startFakeOpenAI({ usage: { input: 12, output: 7, cached: 4 } });
    client = new OpenAI({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 });
  });
  afterEach(() => fake.close());

  it('answers a non-streaming chat completion', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris is the capital.' });
    const completion = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Capital of France?' }],
    });
    expect(completion.choices[0]!.message.content).to.equal('Paris is the capital.');
    expect(completion.choices[0]!.finish_reason).to.equal('stop');
    expect(completion.model).to.equal('gpt-4o-mini');
    expect(completion.usage).to.include({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
    expect(completion.usage!.prompt_tokens_details!.cached_tokens).to.equal(4);
    expect(fake.requests[0]!.path).to.equal('/v1/chat/completions');
    expect(fake.requests[0]!.headers.authorization).to.equal('Bearer sk-test');
  });

  it('streams text chunks, the usage chunk and [DONE]', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three' });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'count' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null = null;
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).to.equal('one two three');
    expect(finish).to.equal('stop');
    expect(usage?.total_tokens).to.equal(19);
  });

  it('returns parallel tool calls, streamed and not', async () => {
    const calls = [
      { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_b', name: 'get_time', arguments: { tz: 'CET' } },
    ];
    fake.enqueue({ kind: 'tool_calls', calls }, { kind: 'tool_calls', calls });
    const plain = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(plain.choices[0]!.finish_reason).to.equal('tool_calls');
    expect(plain.choices[0]!.message.tool_calls).to.have.length(2);

    const runner = client.chat.completions.stream({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    const final = await runner.finalChatCompletion();
    const toolCalls = final.choices[0]!.message.tool_calls!.map((call) => {
      if (call.type !== 'function') throw new Error('expected a function call');
      return { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) as unknown };
    });
    expect(toolCalls).to.deep.equal([
      { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } },
      { id: 'call_b', name: 'get_time', args: { tz: 'CET' } },
    ]);
  });

  it('answers errors in the OpenAI error shape with Retry-After', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'Rate limit reached', retryAfterSeconds: 3 });
    try {
      await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
      expect.fail('expected a rate limit error');
    } catch (error) {
      expect(error).to.be.instanceOf(OpenAI.RateLimitError);
      const apiError = error as InstanceType<typeof OpenAI.RateLimitError>;
      expect(apiError.message).to.contain('Rate limit reached');
      expect(apiError.code).to.equal('rate_limit_exceeded');
      expect(apiError.headers?.get('retry-after')).to.equal('3');
    }
  });

  it('serves the cloud-hosted deployment path with an api-version', async () => {
    const azure = new AzureOpenAI({ apiKey: 'k', endpoint: fake.origin, apiVersion: '2024-10-21', deployment: 'my-gpt4o', maxRetries: 0 });
    fake.enqueue({ kind: 'text', text: 'from the deployment' });
    const completion = await azure.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0]!.message.content).to.equal('from the deployment');
    const recorded = fake.requests[0]!;
    expect(recorded.path).to.equal('/openai/deployments/my-gpt4o/chat/completions');
    expect(recorded.query['api-version']).to.equal('2024-10-21');
  });

  it('cuts a stream mid-way by destroying the socket', async () => {
    fake.enqueue({ kind: 'cut', text: 'a b c d e', afterChunks: 2 });
    const stream = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    let finish: string | null = null;
    try {
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
    } catch {
      // A socket error is one way the SDK reports the cut; an early end is the other.
    }
    expect(text).to.equal('a b ');
    expect(finish).to.equal(null);
  });

  it('records a hanging request as aborted when the client goes away', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = client.chat.completions.create(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      { signal: controller.signal },
    );
    await waitFor(() => fake.requests.length === 1);
    controller.abort();
    await pending.then(
      () => expect.fail('expected an abort'),
      (error: unknown) => expect(error).to.be.instanceOf(OpenAI.APIUserAbortError),
    );
    await waitFor(() => fake.requests[0]!.aborted);
  });

  it('answers a malformed body when asked to', async () => {
    fake.enqueue({ kind: 'malformed' });
    const completion = (await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'hi' }],
    })) as unknown as Record<string, unknown>;
    expect(completion.choices).to.equal(undefined);
  });
});
