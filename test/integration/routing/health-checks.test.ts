/**
 * Active health checks through a running gateway: a registry whose checks fail leaves every
 * balancing pool and rejoins once they pass again; checks carry the registry's credentials,
 * follow config changes, and stop with the gateway. Intervals are short; every wait is on the
 * number of checks the fake upstream answered, never on wall-clock guesses.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const HEALTH = { enabled: true, interval_ms: 40, timeout_ms: 1_000, path: '/health', unhealthy_threshold: 2, healthy_threshold: 2 };

describe('routing: active health checks', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};
  let client: OpenAI;

  before(async () => {
    world = await startRoutingWorld();
    ids.h = (await world.registry('h', { health_check: HEALTH }))._id;
    ids.b = (await world.registry('b'))._id;
    ({ client } = await world.consumer({
      slug: 'checked',
      registries: [{ registry_id: ids.h, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      load_balancing: { strategy: 'round_robin' },
    }));
  });

  after(async () => {
    await world?.close();
  });

  const h = () => world.upstreams.get('h')!;
  const answers = async (n: number) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((await world.chat(client)).answeredBy);
    return out;
  };
  /** Waits until the fake has answered `n` more checks than now (enough for a threshold to be crossed). */
  const checksFromNow = async (n: number) => {
    const target = h().healthChecks + n;
    await waitFor(() => h().healthChecks >= target, `${n} more health checks`);
  };

  it('checks with the registry credentials, and a healthy registry stays in the pool', async () => {
    await checksFromNow(2);
    const probe = h().requests.find((r) => r.method === 'GET' && r.path === '/v1/health')!;
    expect(probe.headers.authorization).to.equal('Bearer sk-h');
    expect(new Set(await answers(6))).to.deep.equal(new Set(['h', 'b']));
  });

  it('an unhealthy registry leaves the pool, and rejoins when its checks pass again', async () => {
    h().healthy = false;
    // unhealthy_threshold is 2: after three more failed checks it is out.
    await checksFromNow(3);
    expect(await answers(8)).to.deep.equal(Array(8).fill('b'));
    const seen = h().chatCount();

    h().healthy = true;
    await checksFromNow(3);
    const back = await answers(8);
    expect(back.filter((n) => n === 'h')).to.have.length(4);
    expect(h().chatCount()).to.equal(seen + 4);
  });

  it('with every registry unhealthy, the answer is 503 and no upstream is called', async () => {
    const { consumer, client: only } = await world.consumer({ slug: 'checked-only', registries: [{ registry_id: ids.h, weight: 1 }] });
    expect(consumer.slug).to.equal('checked-only');
    h().healthy = false;
    try {
      await checksFromNow(3);
      const before = h().chatCount();
      const err = (await world.chat(only).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
      expect(err.status).to.equal(503);
      expect(h().chatCount()).to.equal(before);
    } finally {
      h().healthy = true;
      await checksFromNow(3);
    }
    expect((await world.chat(only)).answeredBy).to.equal('h');
  });

  it('checks stop when the registry turns them off', async () => {
    await world.gateway.seed.update(COLLECTIONS.registries, ids.h, { $set: { health_check: { ...HEALTH, enabled: false } } });
    await world.gateway.configChanged();
    // Let a probe already under way land, then no more arrive.
    await new Promise((r) => setTimeout(r, HEALTH.interval_ms * 3));
    const stopped = h().healthChecks;
    await new Promise((r) => setTimeout(r, HEALTH.interval_ms * 5));
    expect(h().healthChecks).to.equal(stopped);
  });
});
