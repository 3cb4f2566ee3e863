/**
 * The fake OpenAI-compatible upstream of `portcullis/testing`: answers chat completions in
 * OpenAI's format, buffered and streamed, from scripted replies, and records every request.
 */
import { expect } from 'chai';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../core/testing/index.js';

describe('testing: the fake OpenAI upstream', () => {
  let upstream: FakeOpenAI;
  before(async () => {
    upstream = await startFakeOpenAI();
  });
  after(() => upstream.close());

  const chat = (body: object) =>
    fetch(`${upstream.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test', 'x-team': 'search' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
    });

  it('answers a chat completion and records the request', async () => {
    const response = await chat({});
    const answer = (await response.json()) as { object: string; choices: Array<{ message: { content: string } }>; usage: { total_tokens: number } };
    expect(answer.object).to.equal('chat.completion');
    expect(answer.choices[0].message.content).to.equal('Hello from openai');
    expect(answer.usage.total_tokens).to.equal(15);
    const recorded = upstream.requests.at(-1)!;
    expect(recorded.path).to.equal('/v1/chat/completions');
    expect(recorded.headers['x-team']).to.equal('search');
    expect((recorded.body as { model: string }).model).to.equal('gpt-4o-mini');
  });

  it('streams server-sent chunks ending in [DONE], with usage when asked', async () => {
    upstream.enqueue({ kind: 'text', text: 'one two three' });
    const text = await (await chat({ stream: true, stream_options: { include_usage: true } })).text();
    const events = text.split('\n\n').filter(Boolean).map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).to.equal('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e) as { choices: Array<{ delta: { content?: string } }>; usage: unknown });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).to.equal('one two three');
    expect(chunks.at(-1)!.usage).to.deep.include({ prompt_tokens: 10, completion_tokens: 5 });
  });

  it('answers a scripted error in OpenAI error format', async () => {
    upstream.enqueue({ kind: 'error', status: 429, message: 'slow down', retryAfterSeconds: 2 });
    const response = await chat({});
    expect(response.status).to.equal(429);
    expect(response.headers.get('retry-after')).to.equal('2');
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal('rate_limit_exceeded');
  });
});
