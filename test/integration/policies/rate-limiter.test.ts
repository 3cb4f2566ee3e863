/**
 * rate_limiter through a running gateway and the OpenAI SDK: the limit at its boundary, the
 * window rolling over (both algorithms), partitions, headers on allowed, streamed and refused
 * answers, the refusal in the client's own format, and refused requests never reaching the
 * upstream.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type ApiError = InstanceType<typeof OpenAI.APIError>;

describe('rate_limiter through a running gateway', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;

  const chat = (client = pg.client(), model = 'gpt-4o-mini') =>
    client.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] }).withResponse();
  const refusal = async (client = pg.client(), model = 'gpt-4o-mini') => (await chat(client, model).catch((e: unknown) => e)) as ApiError;

  before(async () => {
    pg = await startPolicyGateway();
  });
  after(async () => {
    await pg?.close();
  });

  it('passes the Nth request, refuses the N+1th with 429, Retry-After and X-RateLimit-* headers, before the upstream', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 3, window: 60 }] });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { response } = await chat();
      expect(response.headers.get('x-ratelimit-limit')).to.equal('3');
      remaining.push(response.headers.get('x-ratelimit-remaining')!);
      expect(Number(response.headers.get('x-ratelimit-reset'))).to.be.within(1, 60);
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
    const before = pg.upstreamCalls();
    const err = await refusal();
    expect(err).to.be.instanceOf(OpenAI.RateLimitError);
    expect(err.status).to.equal(429);
    expect(err.message).to.contain('at most 3 requests per 60 s');
    // Sliding window: the rest of this window, and part of the next while this one's count decays.
    expect(Number(err.headers?.get('retry-after'))).to.be.within(1, 120);
    expect(err.headers?.get('x-ratelimit-remaining')).to.equal('0');
    expect(err.headers?.get('x-ratelimit-limit')).to.equal('3');
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('fixed window: the window rolls over after its length and the limit is available again', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 2, window: 1 }], algorithm: 'fixed_window' });
    await chat();
    await chat();
    const err = await refusal();
    expect(err.status).to.equal(429);
    expect(Number(err.headers?.get('retry-after'))).to.equal(1);
    await sleep(1_100);
    const { response } = await chat();
    expect(response.headers.get('x-ratelimit-remaining')).to.equal('1');
  });

  it('sliding window: refused while the previous window still weighs, admitted once it has slid past', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 2, window: 2 }] });
    await chat();
    await chat();
    expect((await refusal()).status).to.equal(429);
    // Two whole windows later neither the current nor the previous window holds a request.
    await sleep(4_050);
    const { response } = await chat();
    expect(response.headers.get('x-ratelimit-limit')).to.equal('2');
  });

  it('partitions by a header: each value has its own counter', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1, window: 60 }], partition_by: ['header'], header_name: 'x-user-id' });
    const alice = pg.client({ 'x-user-id': 'alice' });
    await chat(alice);
    expect((await refusal(alice)).status).to.equal(429);
    const { response } = await chat(pg.client({ 'x-user-id': 'bob' }));
    expect(response.headers.get('x-ratelimit-remaining')).to.equal('0');
  });

  it('partitions by model: a model pin counts as the model itself', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1, window: 60 }], partition_by: ['model'] });
    await chat(pg.client(), 'gpt-4o-mini');
    expect((await refusal(pg.client(), '@openai-main/gpt-4o-mini')).status).to.equal(429);
    await chat(pg.client(), 'gpt-4o');
  });

  it('reports the tightest of several limits, and refuses by the one that is spent', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 5, window: 'minute' }, { requests: 2, window: 'hour' }] });
    const first = await chat();
    expect(first.response.headers.get('x-ratelimit-limit')).to.equal('2');
    expect(first.response.headers.get('x-ratelimit-remaining')).to.equal('1');
    await chat();
    const err = await refusal();
    expect(err.message).to.contain('at most 2 requests per hour');
    expect(err.headers?.get('x-ratelimit-limit')).to.equal('2');
  });

  it('sends the headers on streamed answers', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 10, window: 60 }] });
    const { data: stream, response } = await pg
      .client()
      .chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).to.contain('Hello');
    expect(response.headers.get('x-ratelimit-remaining')).to.equal('9');
  });

  it('answers a refusal in the client\'s own format (Anthropic Messages)', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1, window: 60 }] });
    const send = () =>
      fetch(`${pg.gateway.proxyUrl('app')}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': pg.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }),
      });
    expect((await send()).status).to.equal(200);
    const refused = await send();
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    const body = (await refused.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).to.equal('error');
    expect(body.error.type).to.equal('rate_limit_error');
    expect(body.error.message).to.contain('rate limit exceeded');
  });
});
