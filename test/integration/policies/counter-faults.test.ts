/**
 * Limits and budgets when the shared counter backend cannot be reached: each policy follows
 * its fault_tolerant setting (admit unmetered, or refuse with 503 before the upstream). And a
 * backend that goes away and returns: the same during the outage, then metered again once the
 * client has reconnected, without a restart.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { RedisCounterStore } from '../../../core/counters/redis-counter-store.js';
import { freePort } from '../../fixtures/network/free-port.js';
import { openHandles, settledHandles } from '../faults/support/open-handles.js';
import { redisUnavailableReason, startRedis, type RedisServer } from './support/redis-server.js';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

describe('limits with an unreachable counter backend', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;
  let counters: RedisCounterStore;

  const chat = () => pg.client().chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }).withResponse();
  const failure = async () => (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;

  before(async () => {
    // Nothing listens on this port: every counter call fails at once.
    counters = new RedisCounterStore({ url: `redis://127.0.0.1:${await freePort()}`, commandTimeoutMs: 300 });
    await counters.connect();
    pg = await startPolicyGateway({ counters });
  });
  after(async () => {
    await pg?.close();
    await counters?.close();
  });

  it('rate_limiter fault_tolerant (the default) admits the request, without rate-limit headers', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1, window: 60 }] });
    for (let i = 0; i < 3; i++) {
      const { response } = await chat();
      expect(response.status).to.equal(200);
      expect(response.headers.get('x-ratelimit-limit')).to.equal(null);
    }
  });

  it('rate_limiter fault_tolerant false refuses with 503 before the upstream', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1, window: 60 }], fault_tolerant: false });
    const before = pg.upstreamCalls();
    const err = await failure();
    expect(err.status).to.equal(503);
    expect(err.message).to.contain('fail closed');
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('token_rate_limiter fails closed by default, and admits unmetered when fault_tolerant', async () => {
    await pg.attach('token_rate_limiter', { limits: [{ amount: 1000, window: 'day' }] });
    const before = pg.upstreamCalls();
    expect((await failure()).status).to.equal(503);
    expect(pg.upstreamCalls()).to.equal(before);
    await pg.attach('token_rate_limiter', { limits: [{ amount: 1000, window: 'day' }], fault_tolerant: true });
    expect((await chat()).response.status).to.equal(200);
  });
});

describe('limits with a counter backend that goes away and returns', function () {
  this.timeout(30_000);
  let redis: RedisServer | undefined;
  let counters: RedisCounterStore;
  let pg: PolicyGateway;

  const chat = () => pg.client().chat.completions.create({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hi' }] }).withResponse();
  const status = async () => {
    try {
      const { response } = await chat();
      return { status: response.status, limit: response.headers.get('x-ratelimit-limit') };
    } catch (err) {
      return { status: (err as InstanceType<typeof OpenAI.APIError>).status ?? 0, limit: null };
    }
  };
  /** Asks until `want` holds (the client reconnects in the background), at most 40 times. */
  async function until(want: (s: { status: number; limit: string | null }) => boolean): Promise<{ status: number; limit: string | null }> {
    let last = await status();
    for (let i = 0; i < 40 && !want(last); i++) {
      await new Promise((r) => setTimeout(r, 250));
      last = await status();
    }
    return last;
  }

  before(async function () {
    const reason = redisUnavailableReason();
    if (reason) {
      console.log(`      pending: ${reason}`);
      this.skip();
    }
    redis = await startRedis();
    counters = new RedisCounterStore({ url: redis.url, commandTimeoutMs: 300 });
    expect(await counters.connect()).to.equal(true);
    pg = await startPolicyGateway({ counters });
  });
  after(async () => {
    await pg?.close();
    await counters?.close();
    await redis?.stop();
  });

  it('strict (fault_tolerant false): metered, then 503 before the upstream while Redis is down, then metered again once it is back', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1000, window: 60 }], fault_tolerant: false });
    expect(await status()).to.deep.equal({ status: 200, limit: '1000' });
    const port = redis!.port;
    await redis!.stop();
    const before = pg.upstreamCalls();
    expect((await status()).status).to.equal(503);
    expect(pg.upstreamCalls()).to.equal(before);
    redis = await startRedis(port);
    expect(await until((s) => s.status === 200)).to.deep.equal({ status: 200, limit: '1000' });
  });

  it('fault_tolerant (the default): admitted unmetered while Redis is down, metered again once it is back', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1000, window: 60 }] });
    expect(await status()).to.deep.equal({ status: 200, limit: '1000' });
    const port = redis!.port;
    await redis!.stop();
    expect(await status()).to.deep.equal({ status: 200, limit: null });
    redis = await startRedis(port);
    expect(await until((s) => s.limit !== null)).to.deep.equal({ status: 200, limit: '1000' });
  });

  it('reconnecting through an outage leaves no socket or descriptor behind', async () => {
    await pg.attach('rate_limiter', { limits: [{ requests: 1000, window: 60 }] });
    expect((await status()).limit).to.equal('1000');
    const baseline = openHandles();
    const port = redis!.port;
    await redis!.stop();
    // Requests during the outage, while the client retries its connection in the background.
    for (let i = 0; i < 5; i++) expect((await status()).status).to.equal(200);
    await new Promise((r) => setTimeout(r, 1_000));
    redis = await startRedis(port);
    expect(await until((s) => s.limit !== null)).to.deep.equal({ status: 200, limit: '1000' });
    const now = await settledHandles(baseline, 3);
    if (baseline.fds >= 0) expect(now.fds, `fds ${baseline.fds} -> ${now.fds}`).to.be.at.most(baseline.fds + 3);
    expect(now.sockets, `sockets ${baseline.sockets} -> ${now.sockets}`).to.be.at.most(baseline.sockets + 3);
  });
});
