/**
 * Load balancing through a running gateway: the distribution of each strategy over many
 * requests (round-robin exact, weighted within a tolerance, least-connections preferring the
 * idle upstream, random roughly uniform), named pools, role-selected candidates, and the route
 * reason recorded on the exchange.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { HELD } from '../../fixtures/routing/routing-upstream.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';
import { waitUntil } from '../../fixtures/wait-until.js';

const tally = (names: string[]) => names.reduce<Record<string, number>>((acc, n) => ({ ...acc, [n]: (acc[n] ?? 0) + 1 }), {});

describe('routing: load balancing strategies', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};

  before(async () => {
    world = await startRoutingWorld();
    for (const name of ['a', 'b', 'c']) ids[name] = (await world.registry(name))._id;
  });

  after(async () => {
    await world?.close();
  });

  async function answers(client: OpenAI, n: number, body: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((await world.chat(client, body)).answeredBy);
    return out;
  }

  it('round-robin: each registry in turn, exactly', async () => {
    const { client } = await world.consumer({
      slug: 'rr',
      registries: ['a', 'b', 'c'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'round_robin' },
    });
    const seen = await answers(client, 30);
    expect(seen).to.deep.equal(Array.from({ length: 30 }, (_, i) => ['a', 'b', 'c'][i % 3]));
    const first = await world.chat(client);
    expect((await recordedExchange(first.traceId)).route?.reason).to.equal('auto:round_robin');
  });

  it('weighted: shares follow the association weights (3:1), interleaved', async () => {
    const { client } = await world.consumer({
      slug: 'weighted',
      registries: [{ registry_id: ids.a, weight: 3 }, { registry_id: ids.b, weight: 1 }],
      load_balancing: { strategy: 'weighted' },
    });
    const seen = await answers(client, 80);
    const counts = tally(seen);
    expect(counts.a).to.be.within(58, 62);
    expect(counts.b).to.be.within(18, 22);
    // Smooth weighting never sends the heavy registry more than its weight in a row.
    expect(seen.join('')).to.not.include('aaaa');
  });

  it('weighted: a weight of 0 takes no traffic while another registry has weight', async () => {
    const { client } = await world.consumer({
      slug: 'weighted-zero',
      registries: [{ registry_id: ids.a, weight: 0 }, { registry_id: ids.b, weight: 2 }, { registry_id: ids.c, weight: 1 }],
      load_balancing: { strategy: 'weighted' },
    });
    const counts = tally(await answers(client, 30));
    expect(counts.a ?? 0).to.equal(0);
    expect(counts.b).to.be.within(18, 22);
    expect(counts.c).to.be.within(8, 12);
  });

  it('least-connections: new requests go to the idle upstream while the other is busy', async () => {
    const { client } = await world.consumer({
      slug: 'least',
      registries: [{ registry_id: ids.a, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      load_balancing: { strategy: 'least_connections' },
    });
    const a = world.upstreams.get('a')!;
    a.setDefault({ kind: 'text', text: HELD });
    try {
      // Both idle: the tie goes to the first registry, which holds the request open.
      const busy = world.chat(client);
      await waitUntil(() => a.held() === 1, 'the held request at a');
      const whileBusy = await answers(client, 12);
      expect(whileBusy).to.deep.equal(Array(12).fill('b'));
      a.setDefault({ kind: 'text', text: 'Hello from a' });
      a.release();
      expect((await busy).answeredBy).to.equal('a');
      // Both idle again: ties alternate.
      expect(tally(await answers(client, 10))).to.deep.equal({ a: 5, b: 5 });
    } finally {
      a.setDefault({ kind: 'text', text: 'Hello from a' });
      a.release();
    }
  });

  it('least-connections: with several requests in flight, the least loaded upstream gets the next one', async () => {
    const { client } = await world.consumer({
      slug: 'least-many',
      registries: ['a', 'b', 'c'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'least_connections' },
    });
    const ups = ['a', 'b', 'c'].map((n) => world.upstreams.get(n)!);
    for (const u of ups) u.setDefault({ kind: 'text', text: HELD });
    const pending: Array<Promise<unknown>> = [];
    try {
      // Six concurrent requests spread two per upstream.
      for (let i = 0; i < 6; i++) {
        pending.push(world.chat(client));
        await waitUntil(() => ups.reduce((n, u) => n + u.held(), 0) === i + 1, `${i + 1} held requests`);
      }
      expect(ups.map((u) => u.held())).to.deep.equal([2, 2, 2]);
    } finally {
      for (const u of ups) {
        u.setDefault({ kind: 'text', text: `Hello from ${u.name}` });
        u.release();
      }
      await Promise.all(pending);
    }
  });

  it('latency: traffic moves away from a slow upstream within a bounded number of requests', async () => {
    const { client } = await world.consumer({
      slug: 'latency',
      registries: [{ registry_id: ids.a, weight: 1 }, { registry_id: ids.b, weight: 1 }],
      load_balancing: { strategy: 'latency' },
    });
    const slow = world.upstreams.get('a')!;
    slow.answerDelayMs = 150;
    try {
      const seen = await answers(client, 20);
      // Each is tried at most once while unmeasured; after one slow answer the slow upstream's
      // average exceeds the fast one's, and every later request goes to the fast upstream.
      expect(seen.slice(0, 2)).to.include('b');
      expect(seen.slice(2)).to.deep.equal(Array(18).fill('b'));
      expect((await recordedExchange((await world.chat(client)).traceId)).route?.reason).to.equal('auto:latency');
    } finally {
      slow.answerDelayMs = 0;
    }
  });

  it('cost: the cheapest priced model takes the traffic, ties in turn, unpriced models last', async () => {
    const priced = async (name: string, prices: Record<string, { input: number; output: number }> | undefined) =>
      (await world.registry(name, { models: [`m-${name}`], ...(prices ? { options: { prices } } : {}) }))._id;
    const cheapA = await priced('cheap1', { 'm-cheap1': { input: 0.1, output: 0.4 } });
    const cheapB = await priced('cheap2', { 'm-cheap2': { input: 0.2, output: 0.3 } });
    const dear = await priced('dear', { 'm-dear': { input: 5, output: 15 } });
    const unknown = await priced('unpriced', undefined);
    const { client } = await world.consumer({
      slug: 'cost',
      registries: [unknown, dear, cheapA, cheapB].map((registry_id) => ({ registry_id, weight: 1 })),
      load_balancing: { strategy: 'cost' },
    });
    expect(await answers(client, 6)).to.deep.equal(['cheap1', 'cheap2', 'cheap1', 'cheap2', 'cheap1', 'cheap2']);
  });

  it('random: roughly uniform over many requests', async () => {
    const { client } = await world.consumer({
      slug: 'random',
      registries: ['a', 'b', 'c'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'random' },
    });
    const counts = tally(await answers(client, 300));
    // Expected 100 each (standard deviation about 8): the bounds are five deviations wide.
    for (const name of ['a', 'b', 'c']) expect(counts[name], name).to.be.within(60, 140);
  });

  it('pool:{name} balances over the pool members only, with the pool strategy', async () => {
    const { client } = await world.consumer({
      slug: 'pools',
      registries: ['a', 'b', 'c'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'random' },
      pools: [{ name: 'fast', targets: ['@b/m-b', '@c/m-c'], strategy: 'round_robin' }],
    });
    const seen = await answers(client, 8, { model: 'pool:fast' });
    expect(seen).to.deep.equal(['b', 'c', 'b', 'c', 'b', 'c', 'b', 'c']);
    const result = await world.chat(client, { model: 'pool:fast' });
    expect((await recordedExchange(result.traceId)).route?.reason).to.equal('pool:fast');
    const err = (await world.chat(client, { model: 'pool:missing' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
    expect(err.message).to.contain('no pool "missing"');
  });

  it('balances over role-selected registries of a role_based consumer', async () => {
    const { consumer, client } = await world.consumer({ slug: 'by-role', routing_mode: 'role_based', load_balancing: { strategy: 'round_robin' } });
    await world.gateway.seed.role(world.gatewayId, { name: 'everyone', registries: [ids.b, ids.c] }, [consumer._id]);
    await world.gateway.configChanged();
    expect(await answers(client, 6)).to.deep.equal(['b', 'c', 'b', 'c', 'b', 'c']);
  });
});
