/**
 * `POST /v1/rerank` (spec 4.2): a v2 rerank body routed only to rerank-capable registries.
 * Cohere gets it as-is at `/v2/rerank` (native model) and answers as-is; an OpenAI-compatible
 * style rerank API (Together, the catalog's `rerank` path) gets it translated and its answer
 * comes back in the v2 shape; a v2 field with no equivalent there is a 400 naming it.
 */
import { expect } from 'chai';
import { rank } from '../../../fixtures/providers/cohere/rerank-route.js';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';

const QUERY = 'capital of the United States';
const DOCUMENTS = ['Carson City is the capital of Nevada.', 'Washington, D.C. is the capital of the United States.', 'Capital punishment exists in the United States.'];

describe('proxy endpoints: rerank', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('Cohere: the v2 body with the native model, the answer as Cohere gave it', async () => {
    const c = await world.consumer('rerank-cohere', ['oa', 'co']);
    const response = await call(c, 'POST', '/v1/rerank', { json: { model: '@co/rerank-v3.5', query: QUERY, documents: DOCUMENTS, top_n: 2 } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-selected-provider')).to.equal('cohere');
    expect(response.headers.get('x-selected-model')).to.equal('rerank-v3.5');
    expect(await response.json()).to.deep.equal({
      id: '07734bd2-rerank-fake',
      results: rank(QUERY, DOCUMENTS, 2),
      meta: { api_version: { version: '2' }, billed_units: { search_units: 1 } },
    });
    const sent = world.fakes.co.requests.at(-1)!;
    expect(sent.path).to.equal('/v2/rerank');
    expect(sent.headers.authorization).to.equal('Bearer key-co');
    expect(sent.body).to.deep.equal({ model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS, top_n: 2 });
    expect(world.hits('oa')).to.equal(0);
  });

  it('Together: translated to its rerank API and answered in the v2 shape', async () => {
    const c = await world.consumer('rerank-together', ['tg']);
    const response = await call(c, 'POST', '/v1/rerank', { json: { model: 'mxbai-rerank-large-v2', query: QUERY, documents: DOCUMENTS } });
    expect(response.status).to.equal(200);
    expect(response.headers.get('x-selected-provider')).to.equal('together');
    expect(await response.json()).to.deep.equal({ id: 'oGs6Zt9-62bZhn-rerank', results: rank(QUERY, DOCUMENTS) });
    const sent = world.fakes.tg.requests.at(-1)!;
    expect(sent.path).to.equal('/v1/rerank');
    expect(sent.body).to.deep.equal({ model: 'mxbai-rerank-large-v2', query: QUERY, documents: DOCUMENTS });
  });

  it('a v2 field Together cannot express is a 400 naming it, before any call', async () => {
    const c = await world.consumer('rerank-refuse', ['tg']);
    const before = world.hits('tg');
    const response = await call(c, 'POST', '/v1/rerank', { json: { model: 'mxbai-rerank-large-v2', query: QUERY, documents: DOCUMENTS, max_tokens_per_doc: 512 } });
    expect(response.status).to.equal(400);
    expect(await openAIError(response)).to.contain('max_tokens_per_doc cannot be sent to together rerank');
    expect(world.hits('tg')).to.equal(before);
  });

  it('auto balances over the rerank-capable registries only', async () => {
    const c = await world.consumer('rerank-auto', ['oa', 'ant', 'co', 'tg'], { model_policies: [{ registry_id: world.registries.tg._id, allow: ['mxbai-rerank-large-v2'] }] });
    const before = { co: world.hits('co'), tg: world.hits('tg') };
    const models: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(c, 'POST', '/v1/rerank', { json: { query: QUERY, documents: DOCUMENTS } });
      expect(response.status).to.equal(200);
      models.push(response.headers.get('x-selected-model')!);
    }
    expect(models.sort()).to.deep.equal(['mxbai-rerank-large-v2', 'mxbai-rerank-large-v2', 'rerank-v3.5', 'rerank-v3.5']);
    expect([world.hits('co') - before.co, world.hits('tg') - before.tg]).to.deep.equal([2, 2]);
    expect(world.hits('oa') + world.hits('ant')).to.equal(0);
  });

  it('pinning a registry without rerank is 400; no rerank-capable registry is 503', async () => {
    const c = await world.consumer('rerank-refusals', ['oa', 'co']);
    const pinned = await call(c, 'POST', '/v1/rerank', { json: { model: '@oa/gpt-4o', query: QUERY, documents: DOCUMENTS } });
    expect(pinned.status).to.equal(400);
    expect(await openAIError(pinned)).to.contain('cannot serve rerank');
    const none = await world.consumer('rerank-none', ['oa', 'gem']);
    const empty = await call(none, 'POST', '/v1/rerank', { json: { model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS } });
    expect(empty.status).to.equal(503);
    expect(world.hits('oa') + world.hits('gem')).to.equal(0);
  });

  it('an upstream error keeps its status; other methods are 400, extra tails 404', async () => {
    const c = await world.consumer('rerank-shape', ['co']);
    world.fakes.co.enqueue({ kind: 'error', status: 422, message: 'too many documents' });
    const failed = await call(c, 'POST', '/v1/rerank', { json: { model: 'rerank-v3.5', query: QUERY, documents: DOCUMENTS } });
    expect(failed.status).to.equal(422);
    expect(failed.headers.get('x-gateway-error-source')).to.equal('upstream');
    expect(await openAIError(failed)).to.equal('too many documents');
    expect((await call(c, 'GET', '/v1/rerank')).status).to.equal(400);
    expect((await call(c, 'POST', '/v1/rerank/extra', { json: {} })).status).to.equal(404);
  });
});
