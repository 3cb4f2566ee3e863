/**
 * Loads the plugin into a running gateway (as an operator would with `--plugins <folder>`) and
 * proves it runs at its stages, against the fake OpenAI upstream of `portcullis/testing`.
 * The gateway loads the TypeScript entry (tests run under tsx), so no build is needed first.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestGateway, startFakeOpenAI, type FakeOpenAI, type TestGateway } from 'portcullis/testing';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

describe('plugin-template: request_tagger in a running gateway', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let chatUrl: string;
  let key: string;

  before(async () => {
    upstream = await startFakeOpenAI();
    gateway = await createTestGateway({ plugins: [entry], planes: ['proxy'] });
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
    chatUrl = `${gateway.proxyUrl(consumer.slug)}/v1/chat/completions`;
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  const chat = (body: object, headers: Record<string, string> = { 'x-request-purpose': 'test' }) =>
    fetch(chatUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...body }),
    });

  it('is registered', () => {
    expect(gateway.host.plugins.get('request_tagger')?.version).to.equal('1.0.0');
  });

  it('tags the upstream request and the client response', async () => {
    const response = await chat({});
    expect(response.status).to.equal(200);
    const answer = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(answer.choices[0].message.content).to.equal('Hello from openai');
    expect(response.headers.get('x-tagged-by')).to.equal('request_tagger');
    expect(upstream.requests.at(-1)!.headers['x-team']).to.equal('search');
  });

  it('tags a streamed answer the same way', async () => {
    const response = await chat({ stream: true });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-tagged-by')).to.equal('request_tagger');
    const text = await response.text();
    expect(text).to.contain('"content":"Hello ').and.to.contain('data: [DONE]');
    expect(upstream.requests.at(-1)!.headers['x-team']).to.equal('search');
  });

  it('refuses at admit, before any upstream call, when the required header is missing', async () => {
    const before = upstream.requests.length;
    const response = await chat({}, {});
    expect(response.status).to.equal(400);
    const body = (await response.json()) as { error: { message: string; code: string } };
    expect(body.error.message).to.contain('x-request-purpose');
    expect(body.error.code).to.equal('invalid_request');
    expect(upstream.requests.length).to.equal(before);
  });
});
