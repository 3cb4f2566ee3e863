/** A cloud-hosted (Azure) registry that names no api-version gets the catalog's default on chat. */
import { expect } from 'chai';
import OpenAI from 'openai';
import { PROVIDERS } from '../../../core/providers/catalog.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../fixtures/providers/openai/server.js';

describe('proxy: Azure api-version default', () => {
  let gateway: TestGateway;
  let azure: FakeOpenAI;
  let client: OpenAI;

  before(async () => {
    azure = await startFakeOpenAI();
    gateway = await createTestGateway({ planes: ['proxy'] });
    const gw = await gateway.seed.gateway();
    const registry = await gateway.seed.registry(gw.id, {
      provider: 'azure-openai',
      base_url: azure.origin,
      apiKey: 'az-key',
      options: { deployments: { 'gpt-4o': 'prod-gpt4o' } },
    });
    const { key } = await gateway.seed.consumer(gw.id, { slug: 'az', registries: [{ registry_id: registry._id, weight: 1 }] });
    await gateway.configChanged();
    client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl('az')}/v1`, maxRetries: 0 });
  });
  after(async () => {
    await gateway?.close();
    await azure?.close();
  });

  it('sends the default api-version when the registry sets none', async () => {
    const completion = await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] });
    expect(completion.choices[0].message.content).to.be.a('string');
    const recorded = azure.requests.at(-1)!;
    expect(recorded.path).to.equal('/openai/deployments/prod-gpt4o/chat/completions');
    expect(recorded.query['api-version']).to.equal(PROVIDERS.get('azure-openai')!.option_defaults!.api_version);
  });
});
