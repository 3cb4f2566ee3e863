/**
 * Loads the template from its folder into a running gateway (as an operator would with
 * `--plugins ./plugin-template`) and proves it runs at its stages.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, type TestGateway } from '../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../test/fixtures/providers/openai/server.js';

const folder = fileURLToPath(new URL('..', import.meta.url));

describe('plugin-template: request_tagger in a running gateway', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let key: string;
  let consumerSlug: string;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [folder], planes: ['proxy'] });
    const gw = await gateway.seed.gateway();
    const registry = await gateway.seed.registry(gw.id, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-upstream', models: ['gpt-4o-mini'] });
    const { consumer, key: issued } = await gateway.seed.consumer(gw.id, { slug: 'tagged', registries: [{ registry_id: registry._id, weight: 1 }] });
    await gateway.seed.policy(
      gw.id,
      { type: 'request_tagger', settings: { upstream_headers: { 'x-team': 'search' }, response_headers: { 'x-tagged-by': 'request_tagger' }, require_client_header: 'x-request-purpose' } },
      [consumer._id],
    );
    await gateway.configChanged();
    key = issued;
    consumerSlug = consumer.slug;
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('is registered from its folder', () => {
    expect(gateway.host.plugins.get('request_tagger')?.version).to.equal('1.0.0');
  });

  it('tags the upstream request and the client response', async () => {
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(consumerSlug)}/v1`, defaultHeaders: { 'x-request-purpose': 'test' } });
    const { data, response } = await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })
      .withResponse();
    expect(data.choices[0].message.content).to.be.a('string');
    expect(response.headers.get('x-tagged-by')).to.equal('request_tagger');
    expect(upstream.requests.at(-1)!.headers['x-team']).to.equal('search');
  });

  it('refuses at admit, before any upstream call, when the required header is missing', async () => {
    const before = upstream.requests.length;
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(consumerSlug)}/v1`, maxRetries: 0 });
    const err = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).message).to.contain('x-request-purpose');
    expect(upstream.requests.length).to.equal(before);
  });
});
