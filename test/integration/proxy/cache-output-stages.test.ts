/**
 * A cache hit skips routing and the upstream but still runs the output stages, also when the
 * client streams and the cached answer is replayed as a stream.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

const recorder = fileURLToPath(new URL('../../fixtures/plugins/stage-recorder', import.meta.url));

describe('proxy: cache hits still pass the output stages', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let client: OpenAI;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [recorder], planes: ['proxy'] });
    const gw = await gateway.seed.gateway();
    const registry = await gateway.seed.registry(gw.id, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const { consumer, key } = await gateway.seed.consumer(gw.id, { slug: 'cached', registries: [{ registry_id: registry._id, weight: 1 }] });
    await gateway.seed.policy(gw.id, { type: 'cache', settings: {} }, [consumer._id]);
    await gateway.seed.policy(gw.id, { type: 'stage_recorder', settings: { label: 'r' } }, [consumer._id]);
    await gateway.configChanged();
    client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('cached')}/v1`, maxRetries: 0 });
  });
  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const streamOnce = async (content: string) => {
    const { data, response } = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content }] }).withResponse();
    let text = '';
    for await (const chunk of data) text += chunk.choices[0]?.delta?.content ?? '';
    return { text, cache: response.headers.get('x-ag-cache'), trail: response.headers.get('x-stage-trail') ?? '' };
  };

  it('a streamed cache hit is checked on output before it is replayed', async () => {
    const calls = upstream.requests.length;
    const miss = await streamOnce('cache me please');
    const hit = await streamOnce('cache me please');
    expect(miss.cache).to.equal('miss');
    expect(hit.cache).to.equal('hit');
    expect(upstream.requests.length).to.equal(calls + 1);
    expect(hit.text).to.equal(miss.text);
    const stages = hit.trail.split(',');
    expect(stages).to.include('r:transformOutput');
    expect(stages).to.include('r:checkOutput');
    // Routing and the upstream attempt are skipped on a hit.
    expect(stages).to.not.include('r:route');
    expect(stages).to.not.include('r:beforeAttempt');
  });
});
