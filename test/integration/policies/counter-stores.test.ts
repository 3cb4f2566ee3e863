/**
 * The CounterStore contract, written once and run against every backend: local, Redis (a
 * throwaway redis-server), the MongoDB counter store on the embedded store (the same collection
 * contract MongoDB speaks; on MongoDB itself when MONGODB_URI is set), and the batched view.
 * Then what only shared backends do: two batched planes converging, an unreachable Redis
 * failing fast with CounterUnavailableError and recovering, and bootstrap picking the backend.
 */
import { join } from 'node:path';
import { expect } from 'chai';
import { BatchedCounterStore } from '../../../core/counters/batched-counter-store.js';
import { closeCounters, countersFor } from '../../../core/counters/counter-mode.js';
import { MongoCounterStore } from '../../../core/counters/mongo-counter-store.js';
import { openCounterStore } from '../../../core/counters/open-counter-store.js';
import { RedisCounterStore } from '../../../core/counters/redis-counter-store.js';
import { logger } from '../../../core/logging/logger.js';
import { CounterUnavailableError, LocalCounterStore, type CounterStore } from '../../../core/plugin/counters.js';
import { openStore } from '../../../core/store/open-store.js';
import type { Store } from '../../../core/store/types.js';
import { TempDirs } from '../../fixtures/files/temp-dir.js';
import { freePort } from '../../fixtures/network/free-port.js';
import { redisUnavailableReason, startRedis, type RedisServer } from './support/redis-server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let unique = 0;
const key = (label: string) => `${label}-${process.pid}-${++unique}-${Date.now()}`;

interface Fixture {
  counters: CounterStore;
  dispose(): Promise<void>;
}

/** Opens a fresh backend, or returns why it cannot run here. */
type Factory = () => Promise<Fixture | string>;

function counterContract(label: string, factory: Factory, options: { integersOnly?: boolean } = {}): void {
  describe(`counter store contract: ${label}`, function () {
    this.timeout(20_000);
    let fixture: Fixture;
    let counters: CounterStore;

    before(async function () {
      const made = await factory();
      if (typeof made === 'string') {
        console.log(`      pending: ${made}`);
        this.skip();
      }
      fixture = made as Fixture;
      counters = fixture.counters;
    });
    after(async () => {
      await fixture?.dispose();
    });

    it('adds without a limit and reports when the window ends', async () => {
      const k = key('plain');
      const before = Date.now();
      const first = await counters.add(k, 5, 10_000);
      expect(first).to.include({ value: 5, applied: true });
      expect(first.resetAt).to.be.within(before + 9_000, before + 11_000);
      expect((await counters.add(k, 7, 10_000)).value).to.equal(12);
      expect(await counters.get(k)).to.equal(12);
    });

    it('applies a conditional add up to the limit and refuses past it, leaving the value unchanged', async () => {
      const k = key('limit');
      expect(await counters.add(k, 3, 10_000, 5)).to.include({ value: 3, applied: true });
      expect(await counters.add(k, 2, 10_000, 5)).to.include({ value: 5, applied: true });
      expect(await counters.add(k, 1, 10_000, 5)).to.include({ value: 5, applied: false });
      expect(await counters.get(k)).to.equal(5);
    });

    it('refuses an amount larger than the whole limit on a fresh counter', async () => {
      const k = key('too-big');
      expect(await counters.add(k, 11, 10_000, 10)).to.include({ applied: false, value: 0 });
      expect(await counters.get(k)).to.equal(0);
    });

    it('always applies a release (negative amount), limit or not', async () => {
      const k = key('release');
      await counters.add(k, 10, 10_000, 10);
      expect(await counters.add(k, -4, 10_000, 10)).to.include({ value: 6, applied: true });
      expect(await counters.add(k, 4, 10_000, 10)).to.include({ value: 10, applied: true });
    });

    it('restarts a counter once its TTL has passed', async () => {
      const k = key('ttl');
      await counters.add(k, 4, 300, 4);
      expect((await counters.add(k, 1, 300, 4)).applied).to.equal(false);
      await sleep(450);
      expect(await counters.get(k)).to.equal(0);
      expect(await counters.add(k, 1, 300, 4)).to.include({ value: 1, applied: true });
    });

    it('lets exactly `limit` of 60 concurrent conditional adds through', async () => {
      const k = key('race');
      const results = await Promise.all(Array.from({ length: 60 }, () => counters.add(k, 1, 10_000, 25)));
      expect(results.filter((r) => r.applied)).to.have.length(25);
      expect(await counters.get(k)).to.equal(25);
    });

    if (options.integersOnly) {
      it('refuses a fractional amount (counters add whole units)', async () => {
        let error: unknown;
        await counters.add(key('frac'), 1.5, 1_000).catch((e: unknown) => (error = e));
        expect(error).to.be.instanceOf(RangeError);
      });
    }
  });
}

let redis: RedisServer | undefined;
let redisReason: string | undefined;
async function sharedRedis(): Promise<RedisServer | string> {
  if (redis) return redis;
  redisReason ??= redisUnavailableReason();
  if (redisReason) return redisReason;
  redis = await startRedis();
  return redis;
}

const tempDirs = new TempDirs('portcullis-counters-');
async function embeddedStore(): Promise<Store> {
  return openStore({ dataDir: join(tempDirs.make(), 'store') });
}

after(async () => {
  await redis?.stop();
  tempDirs.removeAll();
});

counterContract('local', async () => ({ counters: new LocalCounterStore(), dispose: async () => undefined }));

counterContract(
  'redis',
  async () => {
    const server = await sharedRedis();
    if (typeof server === 'string') return server;
    const counters = new RedisCounterStore({ url: server.url });
    expect(await counters.connect()).to.equal(true);
    return { counters, dispose: () => counters.close() };
  },
  { integersOnly: true },
);

counterContract(
  'mongodb counter store on the embedded store',
  async () => {
    const store = await embeddedStore();
    return { counters: await MongoCounterStore.open(store), dispose: () => store.close() };
  },
  { integersOnly: true },
);

counterContract(
  'mongodb counter store on MongoDB',
  async () => {
    if (!process.env.MONGODB_URI) return 'MONGODB_URI is not set';
    const store = await openStore({ dataDir: '', mongodbUri: process.env.MONGODB_URI, mongodbDbName: `portcullis_counters_${process.pid}` });
    return { counters: await MongoCounterStore.open(store, { collection: `counters_${Date.now()}` }), dispose: () => store.close() };
  },
  { integersOnly: true },
);

counterContract('batched view of one redis (a single data plane)', async () => {
  const server = await sharedRedis();
  if (typeof server === 'string') return server;
  const backend = new RedisCounterStore({ url: server.url });
  await backend.connect();
  const batched = new BatchedCounterStore(backend, 50);
  return {
    counters: batched,
    dispose: async () => {
      await batched.close();
      await backend.close();
    },
  };
});

describe('shared counters: batched mode across two data planes', function () {
  this.timeout(20_000);
  let backend: RedisCounterStore;
  before(async function () {
    const server = await sharedRedis();
    if (typeof server === 'string') {
      console.log(`      pending: ${server}`);
      this.skip();
    }
    backend = new RedisCounterStore({ url: (server as RedisServer).url });
    await backend.connect();
  });
  after(async () => {
    await backend?.close();
  });

  it('counts locally, then both planes converge on the shared total after a sync', async () => {
    const planeA = new BatchedCounterStore(backend, 60_000);
    const planeB = new BatchedCounterStore(backend, 60_000);
    const k = key('batched');
    for (let i = 0; i < 3; i++) expect((await planeA.add(k, 1, 30_000, 10)).applied).to.equal(true);
    for (let i = 0; i < 4; i++) expect((await planeB.add(k, 1, 30_000, 10)).applied).to.equal(true);
    // Before any sync the backend has seen nothing: no round trip per request.
    expect(await backend.get(k)).to.equal(0);
    await planeA.sync();
    await planeB.sync();
    await planeA.sync();
    expect(await backend.get(k)).to.equal(7);
    expect(await planeA.get(k)).to.equal(7);
    expect(await planeB.get(k)).to.equal(7);
    // Each plane admits only what the shared total leaves.
    const a = await Promise.all([1, 2, 3, 4].map(() => planeA.add(k, 1, 30_000, 10)));
    expect(a.filter((r) => r.applied)).to.have.length(3);
    await planeA.close();
    await planeB.close();
  });

  it('overshoots by at most what the other plane admitted between syncs', async () => {
    const planeA = new BatchedCounterStore(backend, 60_000);
    const planeB = new BatchedCounterStore(backend, 60_000);
    const k = key('overshoot');
    const limit = 10;
    const tries = (plane: BatchedCounterStore) => Promise.all(Array.from({ length: 10 }, () => plane.add(k, 1, 30_000, limit)));
    const admittedA = (await tries(planeA)).filter((r) => r.applied).length;
    const admittedB = (await tries(planeB)).filter((r) => r.applied).length;
    expect(admittedA).to.equal(limit);
    expect(admittedB).to.equal(limit);
    await planeA.sync();
    await planeB.sync();
    expect(await backend.get(k)).to.equal(admittedA + admittedB);
    await planeA.sync();
    expect((await planeA.add(k, 1, 30_000, limit)).applied).to.equal(false);
    await planeA.close();
    await planeB.close();
  });
});

describe('shared counters: an unreachable redis', function () {
  this.timeout(30_000);
  before(function () {
    const reason = redisUnavailableReason();
    if (reason) {
      console.log(`      pending: ${reason}`);
      this.skip();
    }
  });

  it('fails fast with CounterUnavailableError, then counts again once redis is back', async () => {
    const port = await freePort();
    const counters = new RedisCounterStore({ url: `redis://127.0.0.1:${port}`, commandTimeoutMs: 500 });
    expect(await counters.connect()).to.equal(false);
    let error: unknown;
    await counters.add('k', 1, 1_000, 5).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(CounterUnavailableError);
    const server = await startRedis(port);
    try {
      const deadline = Date.now() + 15_000;
      let result: Awaited<ReturnType<CounterStore['add']>> | undefined;
      while (!result && Date.now() < deadline) {
        result = await counters.add('k', 1, 10_000, 5).catch(() => undefined);
        if (!result) await sleep(100);
      }
      expect(result).to.include({ value: 1, applied: true });
    } finally {
      await counters.close();
      await server.stop();
    }
  });
});

describe('bootstrap: choosing the counter backend', function () {
  this.timeout(20_000);

  it('uses local counters and strict mode as they are; batches a shared store with one view per interval', async () => {
    const local = new LocalCounterStore();
    expect(countersFor(local, { mode: 'batched', interval_ms: 50 })).to.equal(local);
    const shared: CounterStore = { kind: 'redis', add: local.add.bind(local), get: local.get.bind(local) };
    expect(countersFor(shared, { mode: 'strict' })).to.equal(shared);
    const view = countersFor(shared, { mode: 'batched', interval_ms: 200 });
    expect(view).to.be.instanceOf(BatchedCounterStore);
    expect(view.kind).to.equal('batched:redis');
    expect(countersFor(shared, { mode: 'batched', interval_ms: 200 })).to.equal(view);
    expect(countersFor(shared, { mode: 'batched', interval_ms: 300 })).to.not.equal(view);
    await closeCounters(shared);
    expect(countersFor(shared, { mode: 'batched', interval_ms: 200 })).to.not.equal(view);
    await closeCounters(shared);
  });

  it('is local without REDIS_URL, redis with it, mongodb on request (needing the store)', async () => {
    expect((await openCounterStore({ log: logger })).kind).to.equal('local');
    const store = await embeddedStore();
    try {
      expect((await openCounterStore({ backend: 'mongodb', store, log: logger })).kind).to.equal('mongodb');
    } finally {
      await store.close();
    }
    let error: unknown;
    await openCounterStore({ backend: 'mongodb', log: logger }).catch((e: unknown) => (error = e));
    expect((error as Error).message).to.match(/REDIS_URL/);
    const server = await sharedRedis();
    if (typeof server !== 'string') {
      const counters = await openCounterStore({ redisUrl: server.url, log: logger });
      expect(counters.kind).to.equal('redis');
      expect((await counters.add(key('boot'), 2, 1_000)).value).to.equal(2);
      await counters.close?.();
    }
  });
});
