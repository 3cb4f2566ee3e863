/**
 * `GET /v1/models` and `GET /v1/models/{id}` (spec 2.5, 4.2): the union of native model slugs
 * the consumer can call, from allow-lists or, for open registries, the provider catalog; never
 * `auto`, `@...` or `pool:...`; a slug only when the registry's provider serves its modality;
 * `owned_by` is the provider. Unlisted ids are 404, other methods 400, extra tails 404.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { errorMessageOf } from './support/raw-chat.js';

interface ModelList {
  object: string;
  data: Array<{ id: string; object: string; owned_by: string }>;
}

describe('proxy: the model list', () => {
  let gateway: TestGateway;
  const keys: Record<string, string> = {};

  const get = (slug: string, tail = '', method = 'GET', key = keys[slug]) =>
    fetch(`${gateway.proxyUrl(slug)}/v1/models${tail}`, { method, headers: key ? { authorization: `Bearer ${key}` } : {} });

  before(async () => {
    gateway = await createTestGateway({ planes: ['proxy'] });
    const gw = (await gateway.seed.gateway()).id;
    const url = 'http://127.0.0.1:9';
    const oa = await gateway.seed.registry(gw, {
      provider: 'openai',
      slug: 'oa',
      base_url: url,
      models: ['gpt-4o-mini', 'auto', '@openai/gpt-4o', 'pool:fast', 'text-embedding-3-small', 'rerank-english-v3'],
    });
    const ant = await gateway.seed.registry(gw, { provider: 'anthropic', slug: 'ant', base_url: url });
    const co = await gateway.seed.registry(gw, { provider: 'cohere', slug: 'co', base_url: url });
    const ant2 = await gateway.seed.registry(gw, { provider: 'anthropic', slug: 'ant2', base_url: url, models: ['claude-sonnet-4-5', 'text-embedding-3-large', 'my-rerank-model'] });
    const oi = await gateway.seed.registry(gw, { provider: 'openai', slug: 'oi', base_url: url });
    const dep = await gateway.seed.registry(gw, { provider: 'azure-openai', slug: 'dep', base_url: url, options: { api_version: '2024-10-21', deployments: { 'gpt-4.1': 'prod-41' } } });
    const bind = (...ids: string[]) => ids.map((registry_id) => ({ registry_id, weight: 1 }));
    keys.lister = (await gateway.seed.consumer(gw, { slug: 'lister', registries: bind(oa._id, ant._id, co._id, ant2._id) })).key;
    keys.narrow = (await gateway.seed.consumer(gw, { slug: 'narrow', registries: bind(oa._id, co._id), model_policies: [{ registry_id: co._id, allow: ['command-r-plus'] }] })).key;
    keys.open = (await gateway.seed.consumer(gw, { slug: 'open', registries: bind(oi._id) })).key;
    keys.deployed = (await gateway.seed.consumer(gw, { slug: 'deployed', registries: bind(dep._id) })).key;
    await gateway.configChanged();
  });
  after(async () => {
    await gateway?.close();
  });

  it('lists allow-lists and open registries expanded from the catalog, owned by their provider', async () => {
    const response = await get('lister');
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-ag-trace-id')).to.be.a('string');
    const list = (await response.json()) as ModelList;
    expect(list.object).to.equal('list');
    for (const entry of list.data) expect(Object.keys(entry).sort()).to.deep.equal(['id', 'object', 'owned_by']);
    expect(list.data.map((m) => `${m.owned_by}:${m.id}`)).to.have.members([
      'openai:gpt-4o-mini',
      'openai:text-embedding-3-small',
      'anthropic:claude-sonnet-4-5',
      'anthropic:claude-opus-4-1',
      'anthropic:claude-haiku-4-5',
      'cohere:command-a-03-2025',
      'cohere:command-r-plus',
      'cohere:embed-english-v3.0',
      'cohere:rerank-v3.5',
    ]);
  });

  it('keeps no routing references and no slug of a modality the provider does not serve', async () => {
    const ids = ((await (await get('lister')).json()) as ModelList).data.map((m) => m.id);
    expect(ids.filter((id) => id === 'auto' || id.startsWith('@') || id.startsWith('pool:'))).to.deep.equal([]);
    // rerank on OpenAI, embeddings and rerank on Anthropic: not advertised by those providers.
    expect(ids).to.not.include.members(['rerank-english-v3']);
    expect(ids).to.not.include('text-embedding-3-large');
    expect(ids).to.not.include('my-rerank-model');
  });

  it('a consumer model policy narrows a registry, and an open OpenAI registry lists chat, embeddings, images and audio models', async () => {
    const narrow = ((await (await get('narrow')).json()) as ModelList).data.map((m) => m.id);
    expect(narrow).to.have.members(['gpt-4o-mini', 'text-embedding-3-small', 'command-r-plus']);
    const open = ((await (await get('open')).json()) as ModelList).data.map((m) => m.id);
    expect(open).to.include.members(['gpt-4o', 'gpt-4o-mini', 'text-embedding-3-small', 'gpt-image-1']);
  });

  it("lists a cloud-hosted registry's deployed models only", async () => {
    const list = (await (await get('deployed')).json()) as ModelList;
    expect(list.data).to.deep.equal([{ id: 'gpt-4.1', object: 'model', owned_by: 'azure-openai' }]);
  });

  it('GET /v1/models/{id} is the entry when listed, else 404', async () => {
    const found = await get('lister', '/claude-haiku-4-5');
    expect(found.status).to.equal(200);
    expect(await found.json()).to.deep.equal({ id: 'claude-haiku-4-5', object: 'model', owned_by: 'anthropic' });
    for (const id of ['gpt-4o', 'auto', encodeURIComponent('@openai/gpt-4o'), 'pool:fast', 'rerank-english-v3', 'nope']) {
      const response = await get('lister', `/${id}`);
      expect(response.status, id).to.equal(404);
      expect(errorMessageOf('openai-chat', await response.json())).to.be.a('string');
    }
  });

  it('other methods are 400, extra tails 404, a missing key 401', async () => {
    for (const [tail, method] of [['', 'POST'], ['', 'DELETE'], ['/gpt-4o-mini', 'POST'], ['/gpt-4o-mini', 'PUT'], ['/gpt-4o-mini', 'DELETE']] as const) {
      const response = await get('lister', tail, method);
      expect(response.status, `${method} ${tail}`).to.equal(400);
      expect(errorMessageOf('openai-chat', await response.json())).to.contain(method);
    }
    for (const tail of ['/gpt-4o-mini/extra', '/', 'x', '/claude-haiku-4-5/permissions']) {
      expect((await get('lister', tail)).status, tail).to.equal(404);
    }
    const anonymous = await get('lister', '', 'GET', '');
    expect(anonymous.status).to.equal(401);
  });
});
