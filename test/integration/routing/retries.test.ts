/**
 * Retries through a running gateway: exponential backoff on 429, 502, 504 and connection
 * errors, the upstream's Retry-After honoured (the retry waits at least that long), retries
 * that run out handing over to the fallback chain, and the per-attempt and total timeouts.
 * Waits are checked as lower bounds only.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

describe('routing: retries, backoff and timeouts', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};
  let consumers = 0;

  before(async () => {
    world = await startRoutingWorld();
    for (const name of ['a', 'b', 'c']) ids[name] = (await world.registry(name))._id;
    ids.dead = (await world.deadRegistry())._id;
  });

  after(async () => {
    await world?.close();
  });

  async function consumer(primary: string, settings: Record<string, unknown>) {
    const { client } = await world.consumer({
      slug: `retry-${++consumers}`,
      registries: [{ registry_id: ids[primary], weight: 1 }, { registry_id: ids.b, weight: 1 }],
      fallback: { targets: ['@b/m-b'] },
      ...settings,
    });
    return () => world.chat(client, { model: `@${primary}/m-${primary}` });
  }

  const a = () => world.upstreams.get('a')!;

  it('honours Retry-After on a 429: the retry waits at least the given seconds', async () => {
    const chat = await consumer('a', { retry: { max_retries: 1, on: ['429'], initial_delay_ms: 10, jitter: 0 } });
    const from = a().arrivals.length;
    a().enqueue({ kind: 'error', status: 429, message: 'slow down', retryAfterSeconds: 1 });
    const result = await chat();
    expect(result.answeredBy).to.equal('a');
    const [first, second] = a().arrivals.slice(from);
    expect(second - first).to.be.at.least(1_000);
    const { attempts } = await recordedExchange(result.traceId);
    expect(attempts.map((x) => [x.status, x.outcome, x.trigger])).to.deep.equal([
      [429, 'retry', '429'],
      [200, 'ok', undefined],
    ]);
    expect(attempts[0].waitMs).to.be.at.least(1_000);
  });

  it('backs off exponentially between retries of 502 and 504', async () => {
    const chat = await consumer('a', { retry: { max_retries: 3, initial_delay_ms: 100, multiplier: 2, jitter: 0 } });
    const from = a().arrivals.length;
    a().enqueue(
      { kind: 'error', status: 502, message: 'bad gateway' },
      { kind: 'error', status: 504, message: 'gateway timeout' },
      { kind: 'error', status: 502, message: 'bad gateway' },
    );
    const result = await chat();
    expect(result.answeredBy).to.equal('a');
    const times = a().arrivals.slice(from);
    expect(times).to.have.length(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    expect(gaps[0]).to.be.at.least(100);
    expect(gaps[1]).to.be.at.least(200);
    expect(gaps[2]).to.be.at.least(400);
    const { attempts } = await recordedExchange(result.traceId);
    expect(attempts.map((x) => x.waitMs)).to.deep.equal([100, 200, 400, undefined]);
    expect(attempts.map((x) => x.trigger)).to.deep.equal(['502', '504', '502', undefined]);
  });

  it('retries connection errors, then hands over to the fallback chain when retries run out', async () => {
    const chat = await consumer('dead', { retry: { max_retries: 2, initial_delay_ms: 20, jitter: 0 } });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    const { attempts } = await recordedExchange(result.traceId);
    expect(attempts.map((x) => `${x.model}:${x.outcome}:${x.trigger}`)).to.deep.equal([
      'm-dead:retry:connection',
      'm-dead:retry:connection',
      'm-dead:fallback:connection',
      'm-b:ok:undefined',
    ]);
  });

  it('does not retry failures outside `retry.on` (a 500 by default): the chain moves on at once', async () => {
    const chat = await consumer('a', { retry: { max_retries: 2 } });
    const from = a().arrivals.length;
    a().enqueue({ kind: 'error', status: 500, message: 'boom' });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    expect(a().arrivals.length - from).to.equal(1);
  });

  it('does not wait for a Retry-After longer than max_retry_after_ms: it moves on instead', async () => {
    const chat = await consumer('a', { retry: { max_retries: 2, max_retry_after_ms: 2_000 } });
    const from = a().arrivals.length;
    a().enqueue({ kind: 'error', status: 429, message: 'come back in a minute', retryAfterSeconds: 60 });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    expect(a().arrivals.length - from).to.equal(1);
  });

  it('takes no retry whose wait would overrun the total timeout', async () => {
    const chat = await consumer('a', { retry: { max_retries: 2 }, timeouts: { total_ms: 800 } });
    const from = a().arrivals.length;
    a().enqueue({ kind: 'error', status: 429, message: 'slow down', retryAfterSeconds: 1 });
    const result = await chat();
    expect(result.answeredBy).to.equal('b');
    expect(a().arrivals.length - from).to.equal(1);
  });

  it('answers 504 once the total timeout is spent, with no attempt started after it', async () => {
    const { client } = await world.consumer({
      slug: `retry-${++consumers}`,
      registries: ['a', 'b', 'c'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      fallback: { targets: ['@b/m-b', '@c/m-c'], on: ['timeout'] },
      timeouts: { attempt_ms: 250, total_ms: 400 },
    });
    const b = world.upstreams.get('b')!;
    const c = world.upstreams.get('c')!;
    const before = c.chatCount();
    a().enqueue({ kind: 'hang' });
    b.enqueue({ kind: 'hang' });
    const err = (await world.chat(client, { model: '@a/m-a' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.APIError);
    expect(err.status).to.equal(504);
    // a used its 250 ms, b at most what was left of the 400: the total is spent before c is tried.
    expect(err.headers?.get('x-gateway-error-source')).to.equal('gateway');
    expect(c.chatCount()).to.equal(before);
  });
});
