/**
 * Policy chains are compiled once per config snapshot, never per request: a plugin's `setup`
 * runs once per policy when a snapshot is built (not again across proxied requests, once more
 * per policy after a config change), and consumers with the same policy set share one compiled
 * chain object.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const recorder = fileURLToPath(new URL('../../fixtures/plugins/stage-recorder', import.meta.url));
const COUNTER = `chain-compilation-${process.pid}`;

/** Runs of the stage recorder's `setup` counted under this file's key. */
const setups = () => ((globalThis as Record<string, unknown>).__stageRecorderSetups as Record<string, number> | undefined)?.[COUNTER] ?? 0;

describe('foundation: policy chains are compiled per snapshot, not per request', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let gatewayId: string;
  const keys: Record<string, string> = {};
  let policyOne: string;

  const chat = async (slug: string) => {
    const res = await fetch(`${gateway.proxyUrl(slug)}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[slug]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });
    await res.arrayBuffer();
    return res;
  };
  const consumer = (slug: string) => gateway.holder.current.consumer(gatewayId, slug)!;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [recorder], planes: ['proxy'] });
    gatewayId = (await gateway.seed.gateway()).id;
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const ids: Record<string, string> = {};
    for (const slug of ['a', 'b', 'c', 'd']) {
      const created = await gateway.seed.consumer(gatewayId, { slug, registries: [{ registry_id: registry._id, weight: 1 }] });
      keys[slug] = created.key;
      ids[slug] = created.consumer._id;
    }
    // a and b carry one and two; d carries them attached in the other order; c carries only one.
    policyOne = (await gateway.seed.policy(gatewayId, { type: 'stage_recorder', settings: { label: 'one', countSetups: COUNTER } }, [ids.a, ids.b, ids.c]))._id;
    const policyTwo = (await gateway.seed.policy(gatewayId, { type: 'stage_recorder', settings: { label: 'two', countSetups: COUNTER } }, [ids.a, ids.b]))._id;
    await gateway.seed.update(COLLECTIONS.consumers, ids.d, { $set: { policy_ids: [policyTwo, policyOne] } });
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('runs setup once per policy for the snapshot, and not again across 20 proxied requests', async () => {
    expect(setups(), 'one setup per policy when the snapshot was built').to.equal(2);
    const revision = gateway.holder.current.revision;
    for (let i = 0; i < 20; i++) {
      const slug = ['a', 'b', 'c', 'd'][i % 4];
      const res = await chat(slug);
      expect(res.status, slug).to.equal(200);
      // The policies ran for the request.
      expect(res.headers.get('x-stage-trail'), slug).to.contain('one:admit');
    }
    expect(gateway.holder.current.revision).to.equal(revision);
    expect(setups(), 'no setup per request').to.equal(2);
  });

  it('runs setup once more per policy after a config change, then not again per request', async () => {
    const before = setups();
    const previous = gateway.holder.current;
    await gateway.seed.update(COLLECTIONS.policies, policyOne, { $set: { 'settings.label': 'uno' } });
    await gateway.configChanged();
    expect(gateway.holder.current).to.not.equal(previous);
    expect(setups(), 'one more setup per policy').to.equal(before + 2);
    for (let i = 0; i < 20; i++) {
      const res = await chat(['a', 'b', 'c', 'd'][i % 4]);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-stage-trail')).to.contain('uno:admit');
    }
    expect(setups()).to.equal(before + 2);
  });

  it('chainFor returns one hooks object per policy set, cached for the snapshot', async () => {
    const snapshot = gateway.holder.current;
    const chainA = snapshot.chainFor(consumer('a'));
    expect(snapshot.policiesFor(consumer('a'))).to.have.length(2);
    expect(snapshot.chainFor(consumer('b')), 'same policy set').to.equal(chainA);
    expect(snapshot.chainFor(consumer('d')), 'same set attached in another order').to.equal(chainA);
    expect(snapshot.chainFor(consumer('a')), 'asked again').to.equal(chainA);
    const chainC = snapshot.chainFor(consumer('c'));
    expect(chainC, 'another policy set').to.not.equal(chainA);
    expect(chainA.admit.taps.length).to.be.greaterThan(chainC.admit.taps.length);
    // Requests leave the snapshot's chains as they are.
    for (const slug of ['a', 'b', 'c', 'd']) expect((await chat(slug)).status).to.equal(200);
    expect(gateway.holder.current).to.equal(snapshot);
    expect(snapshot.chainFor(consumer('b'))).to.equal(chainA);
    expect(snapshot.chainFor(consumer('c'))).to.equal(chainC);
    // A new snapshot compiles its own chains.
    await gateway.configChanged();
    const next = gateway.holder.current;
    expect(next).to.not.equal(snapshot);
    const nextA = next.chainFor(next.consumer(gatewayId, 'a')!);
    expect(nextA).to.not.equal(chainA);
    expect(next.chainFor(next.consumer(gatewayId, 'b')!)).to.equal(nextA);
  });
});
