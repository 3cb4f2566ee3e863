/**
 * Plugin lifecycle (`kit.onRetire`): what a plugin opens in `setup` is closed once per policy
 * instance, when its snapshot has been replaced and the requests running on it have finished,
 * and at shutdown; never while the snapshot still serves. The plugin is
 * test/fixtures/plugins/retire-recorder, loaded as a third-party plugin.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import type { RetireRecorder } from '../../fixtures/plugins/retire-recorder/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const retireRecorder = fileURLToPath(new URL('../../fixtures/plugins/retire-recorder', import.meta.url));

describe('foundation: plugin teardown when a snapshot is retired', () => {
  let gateway: TestGateway | undefined;
  let upstream: FakeOpenAI;
  let key: string;
  const opened: number[] = [];
  const retired: number[] = [];
  /** Requests held in admit, by the instance they run on. */
  const held: Array<{ instance: number; release: () => void }> = [];
  let holdNext = false;

  const recorder: RetireRecorder = {
    opened: (instance) => opened.push(instance),
    retired: (instance) => retired.push(instance),
    admit: (instance) => {
      if (!holdNext) return Promise.resolve();
      holdNext = false;
      return new Promise<void>((release) => held.push({ instance, release }));
    },
  };

  const chat = async () => {
    const res = await fetch(`${gateway!.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    });
    await res.text();
    return res.status;
  };
  const timesRetired = (instance: number) => retired.filter((i) => i === instance).length;

  before(async () => {
    (globalThis as Record<string, unknown>).__retireRecorder = recorder;
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [retireRecorder], planes: ['proxy'] });
    const gatewayId = (await gateway.seed.gateway()).id;
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const created = await gateway.seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] });
    key = created.key;
    await gateway.seed.policy(gatewayId, { type: 'retire_recorder', settings: {} }, [created.consumer._id]);
    await gateway.configChanged();
  });

  after(async () => {
    for (const { release } of held) release();
    delete (globalThis as Record<string, unknown>).__retireRecorder;
    await gateway?.close();
    await upstream?.close();
  });

  it('closes an instance once after a config change, only when its in-flight request has finished, and the last one once at shutdown', async () => {
    const serving = opened.at(-1)!;
    expect(await chat()).to.equal(200);
    expect(timesRetired(serving), 'retired while its snapshot serves').to.equal(0);

    // A request runs on the serving snapshot while the config changes under it.
    holdNext = true;
    const inFlight = chat();
    await eventually(async () => held.length === 1, 'the request to reach admit');
    expect(held[0]!.instance).to.equal(serving);
    await gateway!.configChanged();
    const next = opened.at(-1)!;
    expect(next, 'the new snapshot built its own instance').to.not.equal(serving);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(timesRetired(serving), 'retired while a request still runs on it').to.equal(0);

    held[0]!.release();
    expect(await inFlight).to.equal(200);
    await eventually(async () => timesRetired(serving) === 1, 'the replaced instance to be retired');
    expect(await chat()).to.equal(200);
    expect(timesRetired(next), 'retired while its snapshot serves').to.equal(0);

    await gateway!.close();
    gateway = undefined;
    expect(timesRetired(next), 'the serving instance at shutdown').to.equal(1);
    expect(timesRetired(serving), 'the replaced instance again').to.equal(1);
    // Every instance any snapshot built was closed exactly once.
    expect([...retired].sort((a, b) => a - b)).to.deep.equal([...opened].sort((a, b) => a - b));
  });
});
