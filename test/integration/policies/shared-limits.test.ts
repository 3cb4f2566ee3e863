/**
 * Two data-plane processes sharing limits through one Redis: a control plane (admin plane and
 * store) feeds two data planes (`portcullis start --control-plane-url ... ` with REDIS_URL,
 * each with its own data directory); requests alternate between them. The rate limit holds
 * across both planes at its boundary, and concurrent requests on both planes against a nearly
 * spent budget are admitted only as far as the shared reservations allow.
 */
import { join } from 'node:path';
import { expect } from 'chai';
import { Redis } from 'ioredis';
import { ensureConfigCollections } from '../../../core/records/collections.js';
import { generateMasterKey, SecretBox } from '../../../core/security/secret-box.js';
import { openStore } from '../../../core/store/open-store.js';
import { Seeder } from '../../../core/testing/seed.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';
import { eventually, startPortcullisProcess, type PortcullisProcess } from '../../fixtures/processes/portcullis-process.js';
import { redisUnavailableReason, startRedis, type RedisServer } from './support/redis-server.js';

const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'cluster-secret-for-policy-tests-0123456789';

describe('limits shared by two data-plane processes through one Redis', function () {
  this.timeout(120_000);
  const dirs = new TempDirs('portcullis-');
  let redis: RedisServer;
  let upstream: FakeOpenAI;
  let cp: PortcullisProcess;
  const planes: PortcullisProcess[] = [];
  let rateKey: string;
  let budgetKey: string;

  const chat = (plane: PortcullisProcess, slug: string, key: string) =>
    fetch(`${plane.urls.proxy}/${slug}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 20, messages: [{ role: 'user', content: 'hello' }] }),
    });

  before(async function () {
    const reason = redisUnavailableReason();
    if (reason) {
      console.log(`      pending: ${reason}`);
      this.skip();
    }
    redis = await startRedis();
    // Each answer uses 60 tokens, more than the 27 a request reserves (7 prompt + max_tokens 20).
    upstream = await startFakeOpenAI({ usage: { input: 10, output: 50 } });

    const cpDir = dirs.make('policies-cp');
    const store = await openStore({ dataDir: join(cpDir, 'store') });
    await ensureConfigCollections(store);
    const seed = new Seeder(store, new SecretBox(MASTER_KEY));
    const gatewayId = (await seed.gateway({ slug: 'shared' })).id;
    const registry = await seed.registry(gatewayId, { provider: 'openai', slug: 'openai-main', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const limited = await seed.consumer(gatewayId, { slug: 'limited', registries: [{ registry_id: registry._id, weight: 1 }] });
    const budgeted = await seed.consumer(gatewayId, { slug: 'budgeted', registries: [{ registry_id: registry._id, weight: 1 }] });
    await seed.policy(gatewayId, { type: 'rate_limiter', settings: { limits: [{ requests: 6, window: 'hour' }] } }, [limited.consumer._id]);
    await seed.policy(gatewayId, { type: 'token_rate_limiter', settings: { limits: [{ amount: 100, window: 'day' }] } }, [budgeted.consumer._id]);
    await store.close();
    rateKey = limited.key;
    budgetKey = budgeted.key;

    cp = await startPortcullisProcess(['--planes', 'admin', '--admin-port', '0', '--data-dir', cpDir], ['admin'], {
      PORTCULLIS_MASTER_KEY: MASTER_KEY,
      PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN,
    });
    for (const name of ['dp-a', 'dp-b']) {
      planes.push(
        await startPortcullisProcess(['--planes', 'proxy', '--proxy-port', '0', '--data-dir', dirs.make(name), '--control-plane-url', cp.urls.admin], ['proxy'], {
          PORTCULLIS_MASTER_KEY: MASTER_KEY,
          PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN,
          PORTCULLIS_SYNC_HEARTBEAT_MS: '300',
          REDIS_URL: redis.url,
        }),
      );
    }
    for (const plane of planes) await eventually(async () => (await fetch(`${plane.urls.proxy}/readyz`)).status === 200, 'data plane ready');
  });

  after(async () => {
    await Promise.all([cp?.stop('SIGKILL'), ...planes.map((p) => p.stop('SIGKILL'))]);
    await upstream?.close();
    await redis?.stop();
    dirs.removeAll();
  });

  it('holds one rate limit across both planes: the 6th request passes, the 7th is refused on either plane', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await chat(planes[i % 2], 'limited', rateKey);
      expect(res.status, await res.clone().text()).to.equal(200);
      remaining.push(res.headers.get('x-ratelimit-remaining')!);
    }
    expect(remaining).to.deep.equal(['5', '4', '3', '2', '1', '0']);
    const before = upstream.requests.length;
    for (const plane of planes) {
      const refused = await chat(plane, 'limited', rateKey);
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    }
    expect(upstream.requests.length).to.equal(before);
    // The counters live in Redis, not in either process.
    const client = new Redis(redis.url);
    try {
      expect(await client.keys('portcullis:counter:rate:*')).to.have.length.greaterThan(0);
    } finally {
      client.disconnect();
    }
  });

  it('admits concurrent requests from both planes only as far as the shared budget can reserve', async () => {
    const before = upstream.requests.length;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => chat(planes[i % 2], 'budgeted', budgetKey)));
    const statuses = results.map((r) => r.status);
    const admitted = statuses.filter((s) => s === 200).length;
    // 100 tokens, 27 reserved per request: three fit, whichever plane they came through.
    expect(admitted).to.equal(3);
    expect(statuses.filter((s) => s === 429)).to.have.length(37);
    expect(upstream.requests.length - before).to.equal(3);
    // Settled: 3 x 60 real tokens; the overshoot (80) is within 3 x (60 - 27) = 99.
    const client = new Redis(redis.url);
    try {
      await eventually(async () => {
        const keys = await client.keys('portcullis:counter:budget:*');
        return keys.length === 1 && Number(await client.get(keys[0])) === 180;
      }, 'the budget to settle to 180 tokens');
    } finally {
      client.disconnect();
    }
  });
});
