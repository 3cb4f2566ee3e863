import { expect } from 'chai';
import Anthropic from '@anthropic-ai/sdk';
import { startFakeAnthropic, type FakeAnthropic } from '../../../../fixtures/providers/anthropic/server.js';
import { rejectionOf } from '../caught-errors.js';

// The official SDK against the fake Anthropic proves the fake speaks the real wire format.
describe('fake Anthropic upstream with the official @anthropic-ai/sdk', () => {
  let fake: FakeAnthropic;
  let client: Anthropic;
  const params = { model: 'claude-opus-4-8', max_tokens: 256, messages: [{ role: 'user' as const, content: 'Hi' }] };

  beforeEach(async () => {
    fake = await startFakeAnthropic({ usage: { input: 120, output: 7, cached: 100 } });
    client = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0 });
  });
  afterEach(() => fake.close());

  it('answers messages.create with thinking and text, and records the request with its headers', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris.', thinking: 'The capital of France.' });
    const message = await client.messages.create({ ...params, thinking: { type: 'enabled', budget_tokens: 1024 } });
    expect(message.content.map((b) => b.type)).to.deep.equal(['thinking', 'text']);
    const [thinking, text] = message.content;
    expect(thinking).to.include({ type: 'thinking', thinking: 'The capital of France.' });
    expect((thinking as Anthropic.ThinkingBlock).signature).to.be.a('string').and.not.equal('');
    expect(text).to.include({ type: 'text', text: 'Paris.' });
    expect(message).to.include({ model: 'claude-opus-4-8', stop_reason: 'end_turn', role: 'assistant' });
    expect(message.usage).to.include({ input_tokens: 20, cache_read_input_tokens: 100, output_tokens: 7 });
    const recorded = fake.requests[0]!;
    expect(recorded.path).to.equal('/v1/messages');
    expect(recorded.headers['anthropic-version']).to.be.a('string');
    expect(recorded.headers.authorization ?? recorded.headers['x-api-key']).to.contain('sk-ant-test');
    expect(recorded.body).to.deep.include({ model: 'claude-opus-4-8', max_tokens: 256 });
  });

  it('streams raw events for stream: true, with ping, text deltas and message_delta usage', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three' });
    const stream = await client.messages.create({ ...params, stream: true });
    const types: string[] = [];
    let text = '';
    let outputTokens = 0;
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      if (event.type === 'message_delta') outputTokens = event.usage.output_tokens;
    }
    expect(text).to.equal('one two three');
    expect(types[0]).to.equal('message_start');
    expect(types.at(-1)).to.equal('message_stop');
    expect(types).to.include('message_delta');
    expect(outputTokens).to.equal(7);
    expect((fake.requests[0]!.body as { stream: boolean }).stream).to.equal(true);
  });

  it('assembles parallel tool_use blocks with messages.stream().finalMessage()', async () => {
    fake.enqueue({
      kind: 'tool_calls',
      text: 'Checking both.',
      calls: [
        { id: 'toolu_a', name: 'get_weather', arguments: { city: 'Paris', unit: 'c' } },
        { id: 'toolu_b', name: 'get_weather', arguments: { city: 'Rome', days: [1, 2] } },
      ],
    });
    const final = await client.messages
      .stream({ ...params, tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: {} } }] })
      .finalMessage();
    expect(final.stop_reason).to.equal('tool_use');
    expect(final.content).to.deep.equal([
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: { city: 'Paris', unit: 'c' } },
      { type: 'tool_use', id: 'toolu_b', name: 'get_weather', input: { city: 'Rome', days: [1, 2] } },
    ]);
    expect(final.usage).to.include({ input_tokens: 20, output_tokens: 7 });
  });

  it('answers tool use without streaming', async () => {
    fake.enqueue({ kind: 'tool_calls', calls: [{ name: 'lookup', arguments: { q: 'x' } }] });
    const message = await client.messages.create(params);
    expect(message.stop_reason).to.equal('tool_use');
    expect(message.content).to.have.length(1);
    expect(message.content[0]).to.include({ type: 'tool_use', name: 'lookup' });
    expect((message.content[0] as Anthropic.ToolUseBlock).id).to.match(/^toolu_/);
  });

  it('answers errors in Anthropic shape, with retry-after honoured by the SDK', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'Slow down', retryAfterSeconds: 1 });
    const error = await rejectionOf(() => client.messages.create(params));
    expect(error).to.be.instanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.APIError>).type).to.equal('rate_limit_error');
    expect((error as InstanceType<typeof Anthropic.APIError>).headers?.get('retry-after')).to.equal('1');

    fake.enqueue({ kind: 'error', status: 529, message: 'Overloaded', retryAfterSeconds: 1 }, { kind: 'text', text: 'Recovered.' });
    const retrying = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 1 });
    const message = await retrying.messages.create(params);
    expect(message.content[0]).to.include({ text: 'Recovered.' });
    expect(fake.requests).to.have.length(3);
  });

  it('refuses requests without an API key or anthropic-version, and unknown paths', async () => {
    const post = (headers: Record<string, string>, path = '/v1/messages') =>
      fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(params) });
    const noKey = await post({ 'anthropic-version': '2023-06-01' });
    expect(noKey.status).to.equal(401);
    expect(await noKey.json()).to.deep.include({ type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' } });
    const noVersion = await post({ 'x-api-key': 'k' });
    expect(noVersion.status).to.equal(400);
    expect(((await noVersion.json()) as { error: { type: string } }).error.type).to.equal('invalid_request_error');
    const elsewhere = await post({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' }, '/v1/complete');
    expect(elsewhere.status).to.equal(404);
    expect(((await elsewhere.json()) as { error: { type: string } }).error.type).to.equal('not_found_error');
  });

  it('cuts a stream mid-way, which the SDK reports as an error', async () => {
    fake.enqueue({ kind: 'cut', text: 'one two three four', afterChunks: 2 });
    let text = '';
    let failed = false;
    try {
      const stream = await client.messages.create({ ...params, stream: true });
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      }
    } catch {
      failed = true;
    }
    expect(text).to.equal('one two ');
    expect(failed).to.equal(true);
    expect(fake.requests[0]!.aborted).to.equal(false);
  });

  it('answers malformed bodies the SDK cannot use as a Message', async () => {
    fake.enqueue({ kind: 'malformed' });
    const message = (await client.messages.create(params)) as unknown as Record<string, unknown>;
    expect(message.type).to.equal(undefined);
    fake.enqueue({ kind: 'malformed' });
    // The SDK logs the unparseable event before throwing; the throw is what this test needs.
    const quiet = new Anthropic({ apiKey: 'sk-ant-test', baseURL: fake.url, maxRetries: 0, logLevel: 'off' });
    let failed = false;
    try {
      for await (const event of await quiet.messages.create({ ...params, stream: true })) void event;
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
  });

  it('hangs until the client aborts, and records the abort', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = client.messages.create(params, { signal: controller.signal });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    let aborted = false;
    try {
      await pending;
    } catch (error) {
      aborted = error instanceof Anthropic.APIUserAbortError;
    }
    expect(aborted).to.equal(true);
    while (!fake.requests[0]!.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fake.requests[0]!.aborted).to.equal(true);
  });
});
