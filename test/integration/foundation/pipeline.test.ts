/**
 * The foundation's promises, through a real gateway: hook order, short-circuits, priority and
 * enabled order, settle after the response, settings errors naming the field, an admin write
 * seen by the next request, and the last snapshot serving while the store is down.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { setStoreUnavailable } from '../../../core/store/open-store.js';
import { SettingsError } from '../../../core/plugin/host.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const recorder = fileURLToPath(new URL('../../fixtures/plugins/stage-recorder', import.meta.url));

describe('foundation: the pipeline through a running gateway', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let gatewayId: string;
  let consumerId: string;
  let client: OpenAI;

  const chat = () =>
    client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }).withResponse();

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [recorder], planes: ['proxy'] });
    gatewayId = (await gateway.seed.gateway()).id;
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug: 'app', registries: [{ registry_id: registry._id, weight: 1 }] });
    consumerId = consumer._id;
    await gateway.configChanged();
    client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('app')}/v1`, maxRetries: 0 });
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('an admin write is seen by the next proxied request', async () => {
    const first = await chat();
    expect(first.response.headers.get('x-stage-trail')).to.equal(null);
    await gateway.seed.policy(gatewayId, { type: 'stage_recorder', settings: { label: 'p' } }, [consumerId]);
    await gateway.configChanged();
    const second = await chat();
    expect(second.response.headers.get('x-stage-trail')).to.not.equal(null);
  });

  it('runs the stages in pipeline order, and settle after the response', async () => {
    const { response } = await chat();
    expect(response.headers.get('x-stage-trail')!.split(',')).to.deep.equal([
      'p:admit', 'p:transformInput', 'p:checkInput', 'p:route', 'p:beforeAttempt', 'p:transformOutput', 'p:checkOutput',
    ]);
    const traceId = response.headers.get('x-ag-trace-id')!;
    await new Promise((r) => setTimeout(r, 50));
    expect((globalThis as Record<string, unknown>).__settled).to.include(`p:${traceId}`);
  });

  it('orders policies of one stage by priority, and leaves disabled ones out', async () => {
    const high = await gateway.seed.policy(gatewayId, { type: 'stage_recorder', priority: 500, settings: { label: 'high' } }, [consumerId]);
    const off = await gateway.seed.policy(gatewayId, { type: 'stage_recorder', priority: 900, enabled: false, settings: { label: 'off' } }, [consumerId]);
    await gateway.configChanged();
    const { response } = await chat();
    const admits = response.headers.get('x-stage-trail')!.split(',').filter((e) => e.endsWith(':admit'));
    expect(admits).to.deep.equal(['high:admit', 'p:admit']);
    await gateway.seed.update(COLLECTIONS.policies, off._id, { $set: { enabled: true } });
    await gateway.configChanged();
    const again = await chat();
    expect(again.response.headers.get('x-stage-trail')!.split(',').filter((e) => e.endsWith(':admit'))).to.deep.equal(['off:admit', 'high:admit', 'p:admit']);
    await gateway.seed.update(COLLECTIONS.policies, off._id, { $set: { enabled: false } });
    await gateway.seed.update(COLLECTIONS.policies, high._id, { $set: { enabled: false } });
    await gateway.configChanged();
  });

  it('short-circuits at admit: the refusal reaches the client and the upstream is never called', async () => {
    const gate = await gateway.seed.policy(gatewayId, { type: 'stage_recorder', priority: 1000, settings: { label: 'gate', reject: true } }, [consumerId]);
    await gateway.configChanged();
    const before = upstream.requests.length;
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.RateLimitError);
    expect(err.message).to.contain('gate refused');
    expect(err.headers?.get('retry-after')).to.equal('7');
    expect(upstream.requests.length).to.equal(before);
    await gateway.seed.update(COLLECTIONS.policies, gate._id, { $set: { enabled: false } });
    await gateway.configChanged();
  });

  it('refuses bad policy settings with a message naming the field', () => {
    expect(() => gateway.host.validateSettings('stage_recorder', { label: '', extra: 1 })).to.throw(SettingsError, /\/settings\/label/);
    expect(() => gateway.host.validateSettings('stage_recorder', { label: '', extra: 1 })).to.throw(SettingsError, /\/settings\/extra is not allowed/);
    expect(() => gateway.host.validateSettings('no_such_type', {})).to.throw(SettingsError, /unknown policy type/);
  });

  it('keeps serving the last snapshot while the store is down', async () => {
    const revision = gateway.holder.current.revision;
    setStoreUnavailable(gateway.store!, true);
    try {
      await gateway.configChanged();
      expect(gateway.holder.degraded).to.match(/store unavailable/);
      expect(gateway.holder.current.revision).to.equal(revision);
      const { data } = await chat();
      expect(data.choices[0].message.content).to.be.a('string');
      const ready = await fetch(`${gateway.urls.proxy}/readyz`);
      expect(ready.status).to.equal(200);
      expect(((await ready.json()) as { checks: { store: string } }).checks.store).to.equal('unavailable');
    } finally {
      setStoreUnavailable(gateway.store!, false);
    }
    await gateway.configChanged();
    expect(gateway.holder.degraded).to.equal(undefined);
  });
});
