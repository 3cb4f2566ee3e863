/**
 * The second example plugin of docs/plugins.md (docs/examples/streamed-chars-budget), loaded as
 * a third-party plugin by folder: its stream hook counts a streamed answer window by window into
 * a kit counter and stops the stream at the window that would pass the budget; the next request
 * is then refused at admit with 429. The doc quotes the file this test loads.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, startFakeOpenAI, type FakeOpenAI, type TestGateway } from 'portcullis/testing';

const EXAMPLE = fileURLToPath(new URL('../../../docs/examples/streamed-chars-budget', import.meta.url));
const ANSWER = 'alpha beta gamma delta epsilon zeta eta theta';

describe('docs: the streamed_chars_budget example plugin', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let key: string;
  let url: string;

  before(async () => {
    upstream = await startFakeOpenAI();
    upstream.setDefault({ kind: 'text', text: ANSWER });
    gateway = await createTestGateway({ plugins: [EXAMPLE], planes: ['proxy'] });
    const gatewayId = (await gateway.seed.gateway()).id;
    const registry = await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] });
    const created = await gateway.seed.consumer(gatewayId, { slug: 'reader', registries: [{ registry_id: registry._id, weight: 1 }] });
    key = created.key;
    url = `${gateway.proxyUrl('reader')}/v1`;
    await gateway.seed.policy(gatewayId, { type: 'streamed_chars_budget', settings: { max_chars: 20, window_chars: 5 } }, [created.consumer._id]);
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('is the file docs/plugins.md quotes', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../docs/plugins.md', import.meta.url)), 'utf8');
    const source = readFileSync(`${EXAMPLE}/index.ts`, 'utf8');
    expect(doc).to.contain(source.trim());
  });

  it('stops a stream at the window that would pass the budget, then refuses the next request with 429', async () => {
    const res = await fetch(`${url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'go' }] }),
    });
    expect(res.status).to.equal(200);
    const body = await res.text();
    expect(body).to.contain('"alpha "');
    expect(body).to.contain('streamed character budget of 20 spent');
    expect(body).to.not.contain('epsilon');
    expect(body).to.not.contain('[DONE]');

    const client = new OpenAI({ apiKey: key, baseURL: url, maxRetries: 0 });
    const refused = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'more' }] }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(OpenAI.APIError);
    expect((refused as InstanceType<typeof OpenAI.APIError>).status).to.equal(429);
  });
});
