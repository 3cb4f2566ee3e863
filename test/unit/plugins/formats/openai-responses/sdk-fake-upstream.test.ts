import { expect } from 'chai';
import OpenAI, { APIError } from 'openai';
import { splitIntoChunks, type FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { startFakeOpenAIResponses } from '../../../../fixtures/providers/openai/responses-server.js';

/** Waits (bounded) until the fake has recorded `n` requests. */
async function recorded(fake: FakeUpstream, n: number): Promise<void> {
  for (let i = 0; i < 200 && fake.requests.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  expect(fake.requests).to.have.length(n);
}

describe('fake OpenAI Responses upstream with the official openai SDK', () => {
  let fake: FakeUpstream;
  let client: OpenAI;

  beforeEach(async () => {
    fake = await startFakeOpenAIResponses({ usage: { input: 40, output: 12, cached: 16 }, chunks: 4 });
    client = new OpenAI({ baseURL: fake.url, apiKey: 'sk-test', maxRetries: 0 });
  });
  afterEach(() => fake.close());

  it('answers responses.create with text, a reasoning summary and usage details, and records the request', async () => {
    fake.enqueue({ kind: 'text', text: 'Paris is the capital.', thinking: 'Recall geography.' });
    const response = await client.responses.create({
      model: 'o4-mini',
      input: 'Capital of France?',
      reasoning: { effort: 'low', summary: 'auto' },
      include: ['reasoning.encrypted_content'],
    });
    expect(response.object).to.equal('response');
    expect(response.status).to.equal('completed');
    expect(response.model).to.equal('o4-mini');
    expect(response.output_text).to.equal('Paris is the capital.');
    const reasoning = response.output[0]!;
    expect(reasoning.type).to.equal('reasoning');
    if (reasoning.type === 'reasoning') {
      expect(reasoning.summary).to.deep.equal([{ type: 'summary_text', text: 'Recall geography.' }]);
      expect(reasoning.encrypted_content).to.be.a('string');
    }
    expect(response.usage).to.deep.include({ input_tokens: 40, output_tokens: 12, total_tokens: 52 });
    expect(response.usage!.input_tokens_details.cached_tokens).to.equal(16);
    expect(response.usage!.output_tokens_details.reasoning_tokens).to.be.greaterThan(0);

    const [request] = fake.requests;
    expect(request).to.deep.include({ method: 'POST', path: '/v1/responses', aborted: false });
    expect(request!.headers.authorization).to.equal('Bearer sk-test');
    expect(request!.body).to.deep.include({ model: 'o4-mini', input: 'Capital of France?' });
  });

  it('streams text events in order with increasing sequence numbers', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three four five' });
    const stream = await client.responses.create({ model: 'gpt-4o', input: 'count', stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let text = '';
    let final: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(types[0]).to.equal('response.created');
    expect(types.at(-1)).to.equal('response.completed');
    expect(types.filter((t) => t === 'response.output_text.delta')).to.have.length(4);
    expect(sequence).to.deep.equal(sequence.map((_, i) => i));
    expect(text).to.equal('one two three four five');
    expect(final!.usage!.total_tokens).to.equal(52);
    expect((fake.requests[0]!.body as { stream: boolean }).stream).to.equal(true);
  });

  it('returns function calls, non-streamed and through responses.stream().finalResponse()', async () => {
    const calls = [
      { id: 'call_paris', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_rome', name: 'get_weather', arguments: { city: 'Rome' } },
    ];
    const tools: OpenAI.Responses.Tool[] = [
      { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }, strict: true },
    ];
    fake.enqueue({ kind: 'tool_calls', calls }, { kind: 'tool_calls', calls, text: 'Checking both.' });

    const plain = await client.responses.create({ model: 'gpt-4o', input: 'Weather?', tools });
    const plainCalls = plain.output.filter((i) => i.type === 'function_call');
    expect(plainCalls.map((c) => c.type === 'function_call' && [c.call_id, c.name, JSON.parse(c.arguments)])).to.deep.equal([
      ['call_paris', 'get_weather', { city: 'Paris' }],
      ['call_rome', 'get_weather', { city: 'Rome' }],
    ]);

    const argumentDeltas: string[] = [];
    const stream = client.responses.stream({ model: 'gpt-4o', input: 'Weather?', tools });
    stream.on('response.function_call_arguments.delta', (e) => argumentDeltas.push(e.delta));
    const final = await stream.finalResponse();
    expect(final.output_text).to.equal('Checking both.');
    const streamed = final.output.filter((i) => i.type === 'function_call');
    expect(streamed.map((c) => c.type === 'function_call' && c.arguments)).to.deep.equal(['{"city":"Paris"}', '{"city":"Rome"}']);
    expect(argumentDeltas.join('')).to.equal('{"city":"Paris"}{"city":"Rome"}');
  });

  it('answers errors in OpenAI\'s error shape with Retry-After', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'Rate limit reached', retryAfterSeconds: 7 });
    const err = await client.responses.create({ model: 'gpt-4o', input: 'x' }).then(
      () => expect.fail('expected an error'),
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(APIError);
    const apiError = err as APIError;
    expect(apiError.status).to.equal(429);
    expect(apiError.type).to.equal('rate_limit_error');
    expect(apiError.code).to.equal('rate_limit_exceeded');
    expect(apiError.message).to.contain('Rate limit reached');
    expect(apiError.headers?.get('retry-after')).to.equal('7');
  });

  it('cuts a stream mid-way by destroying the socket, after the requested chunks', async () => {
    fake.enqueue({ kind: 'cut', text: 'alpha beta gamma delta', afterChunks: 2 });
    const deltas: string[] = [];
    const stream = await client.responses.create({ model: 'gpt-4o', input: 'x', stream: true });
    const outcome = await (async () => {
      for await (const event of stream) if (event.type === 'response.output_text.delta') deltas.push(event.delta);
    })().then(
      () => 'ended',
      () => 'threw',
    );
    expect(outcome).to.equal('threw');
    expect(deltas).to.deep.equal(splitIntoChunks('alpha beta gamma delta', 4).slice(0, 2));
    expect(fake.requests[0]!.aborted).to.equal(false);
  });

  it('records a hanging request as aborted when the client goes away', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = client.responses.create({ model: 'gpt-4o', input: 'x' }, { signal: controller.signal }).catch((e: unknown) => e);
    await recorded(fake, 1);
    controller.abort();
    expect(await pending).to.be.instanceOf(Error);
    for (let i = 0; i < 200 && !fake.requests[0]!.aborted; i++) await new Promise((r) => setTimeout(r, 5));
    expect(fake.requests[0]!.aborted).to.equal(true);
  });

  it('answers a malformed body when asked to, streamed or not', async () => {
    fake.enqueue({ kind: 'malformed' }, { kind: 'malformed' });
    const body = await fetch(`${fake.url}/responses`, { method: 'POST', body: JSON.stringify({ model: 'm', input: 'x' }) });
    expect(body.status).to.equal(200);
    expect(await body.json()).not.to.have.property('output');
    const stream = await client.responses.create({ model: 'gpt-4o', input: 'x', stream: true });
    const outcome = await (async () => {
      for await (const _ of stream) void _;
    })().then(
      () => 'ended',
      (e: unknown) => (e instanceof SyntaxError ? 'not json' : String(e)),
    );
    expect(outcome).to.equal('not json');
  });

  it('answers 404 in the OpenAI error shape for other paths, and uses the default reply', async () => {
    const other = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(other.status).to.equal(404);
    expect(((await other.json()) as { error: { type: string } }).error.type).to.equal('invalid_request_error');
    expect((await client.responses.create({ model: 'gpt-4o', input: 'x' })).output_text).to.equal('Hello from openai');
    fake.setDefault({ kind: 'text', text: 'changed default' });
    expect((await client.responses.create({ model: 'gpt-4o', input: 'x' })).output_text).to.equal('changed default');
  });
});
