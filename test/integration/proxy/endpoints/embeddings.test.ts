/**
 * `POST /v1/embeddings` (spec 4.2): an OpenAI-compatible body, routed only to
 * embedding-capable registries; OpenAI-format upstreams (incl. the cloud-hosted deployment
 * path) answer as-is, Cohere (`/v2/embed`) and Gemini (`batchEmbedContents`) are translated
 * both ways, and what cannot be translated faithfully is a 400 naming why.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { fakeVector } from '../../../fixtures/providers/openai/embeddings-route.js';
import { cohereEmbedTokens } from '../../../fixtures/providers/cohere/embed-route.js';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';

const close = (actual: ArrayLike<number>, expected: number[]) => {
  expect(actual.length).to.equal(expected.length);
  expected.forEach((v, i) => expect(actual[i]).to.be.closeTo(v, 1e-6));
};

describe('proxy endpoints: embeddings', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  it('OpenAI SDK: base64 by default, the answer as the upstream gave it, with trace and selection headers', async () => {
    const c = await world.consumer('emb-openai', ['ant', 'oa']);
    const { data, response } = await c.client.embeddings.create({ model: 'text-embedding-3-small', input: ['hello there', 'two'] }).withResponse();
    expect(data.data).to.have.length(2);
    close(data.data[0].embedding, fakeVector('hello there'));
    close(data.data[1].embedding, fakeVector('two'));
    expect(data.usage).to.deep.equal({ prompt_tokens: 8, total_tokens: 8 });
    expect(response.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-selected-provider')).to.equal('openai');
    expect(response.headers.get('x-selected-model')).to.equal('text-embedding-3-small');
    const sent = world.fakes.oa.requests.at(-1)!;
    expect(sent.path).to.equal('/v1/embeddings');
    expect(sent.headers.authorization).to.equal('Bearer key-oa');
    expect(sent.body).to.deep.include({ model: 'text-embedding-3-small', encoding_format: 'base64' });
    expect(world.hits('ant')).to.equal(0);
  });

  it('a pin is resolved by the gateway and never forwarded', async () => {
    const c = await world.consumer('emb-pin', ['oa', 'oa2']);
    const before = world.hits('oa');
    const { response } = await c.client.embeddings.create({ model: '@oa2/text-embedding-3-large', input: 'x', encoding_format: 'float' }).withResponse();
    expect(response.headers.get('x-selected-model')).to.equal('text-embedding-3-large');
    expect(world.fakes.oa2.requests.at(-1)!.body).to.deep.include({ model: 'text-embedding-3-large', input: 'x' });
    expect(world.hits('oa')).to.equal(before);
  });

  it('auto balances over the embedding-capable pool only, each registry with its default embeddings model', async () => {
    const c = await world.consumer('emb-auto', ['ds', 'ant', 'oa', 'co']);
    const co = world.hits('co');
    const oa = world.hits('oa');
    const providers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await call(c, 'POST', '/v1/embeddings', { json: { model: 'auto', input: 'ping' } });
      expect(response.status).to.equal(200);
      providers.push(`${response.headers.get('x-selected-provider')}:${response.headers.get('x-selected-model')}`);
    }
    expect(providers.sort()).to.deep.equal(['cohere:embed-english-v3.0', 'cohere:embed-english-v3.0', 'openai:text-embedding-3-small', 'openai:text-embedding-3-small']);
    expect(world.hits('co') - co).to.equal(2);
    expect(world.hits('oa') - oa).to.equal(2);
    expect(world.hits('ds')).to.equal(0);
    expect(world.hits('ant')).to.equal(0);
  });

  it('auto and pools pick only embeddings models: a chat default and a chat pool member are passed over', async () => {
    const c = await world.consumer('emb-modality', ['oa'], {
      model_policies: [{ registry_id: world.registries.oa._id, allow: ['gpt-4o', 'text-embedding-3-small'], default: 'gpt-4o' }],
      pools: [{ name: 'mixed', targets: ['@oa/gpt-4o', '@oa/text-embedding-3-small'] }],
    });
    const before = world.fakes.oa.requests.length;
    for (const model of ['auto', 'pool:mixed', 'pool:mixed', 'pool:mixed']) {
      const response = await call(c, 'POST', '/v1/embeddings', { json: { model, input: 'ping' } });
      expect(response.status).to.equal(200);
    }
    expect(world.fakes.oa.requests.slice(before).map((r) => (r.body as { model?: string }).model)).to.deep.equal(Array(4).fill('text-embedding-3-small'));
  });

  it('Cohere: translated to /v2/embed and back, float and base64, usage from billed units', async () => {
    const c = await world.consumer('emb-cohere', ['co']);
    const float = await c.client.embeddings.create({ model: 'embed-english-v3.0', input: ['alpha beta', 'gamma'], encoding_format: 'float', dimensions: 256 });
    const sent = world.fakes.co.requests.at(-1)!;
    expect(sent.path).to.equal('/v2/embed');
    expect(sent.headers.authorization).to.equal('Bearer key-co');
    expect(sent.body).to.deep.equal({ model: 'embed-english-v3.0', texts: ['alpha beta', 'gamma'], input_type: 'search_document', embedding_types: ['float'], output_dimension: 256 });
    expect(float).to.deep.equal({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: fakeVector('alpha beta') },
        { object: 'embedding', index: 1, embedding: fakeVector('gamma') },
      ],
      model: 'embed-english-v3.0',
      usage: { prompt_tokens: cohereEmbedTokens(['alpha beta', 'gamma']), total_tokens: cohereEmbedTokens(['alpha beta', 'gamma']) },
    });
    // The SDK's default: base64 float32, decoded by the SDK.
    const decoded = await c.client.embeddings.create({ model: 'embed-english-v3.0', input: 'delta', input_type: 'search_query' } as OpenAI.EmbeddingCreateParams);
    close(decoded.data[0].embedding, fakeVector('delta'));
    expect(world.fakes.co.requests.at(-1)!.body).to.deep.include({ input_type: 'search_query', texts: ['delta'] });
  });

  it('Gemini: translated to batchEmbedContents and back', async () => {
    const c = await world.consumer('emb-gemini', ['gem']);
    const { data, response } = await c.client.embeddings.create({ model: 'text-embedding-004', input: ['one', 'two words'], encoding_format: 'float', dimensions: 2 }).withResponse();
    const sent = world.fakes.gem.requests.at(-1)!;
    expect(sent.path).to.equal('/v1beta/models/text-embedding-004:batchEmbedContents');
    expect(sent.headers['x-goog-api-key']).to.equal('key-gem');
    expect(sent.body).to.deep.equal({
      requests: [
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'one' }] }, outputDimensionality: 2 },
        { model: 'models/text-embedding-004', content: { parts: [{ text: 'two words' }] }, outputDimensionality: 2 },
      ],
    });
    expect(data).to.deep.equal({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: fakeVector('one').slice(0, 2) },
        { object: 'embedding', index: 1, embedding: fakeVector('two words').slice(0, 2) },
      ],
      model: 'text-embedding-004',
    });
    expect(response.headers.get('x-selected-provider')).to.equal('gemini');
  });

  it('what cannot be translated faithfully is a 400 naming why, before any upstream call', async () => {
    const c = await world.consumer('emb-refuse', ['co', 'gem']);
    const before = world.hits('co') + world.hits('gem');
    const tokens = await call(c, 'POST', '/v1/embeddings', { json: { model: '@co/embed-english-v3.0', input: [[1, 2, 3]] } });
    expect(tokens.status).to.equal(400);
    expect(await openAIError(tokens)).to.match(/input cannot be sent to a cohere-v2 embeddings upstream: token arrays/);
    const unknown = await call(c, 'POST', '/v1/embeddings', { json: { model: '@gem/text-embedding-004', input: 'x', truncation: 'end' } });
    expect(unknown.status).to.equal(400);
    expect(await openAIError(unknown)).to.contain('truncation cannot be sent to a gemini embeddings upstream');
    expect(world.hits('co') + world.hits('gem')).to.equal(before);
  });

  it('the cloud-hosted variant: deployment path with api-version and api-key; X-Selected-Model names the model', async () => {
    const c = await world.consumer('emb-azure', ['az']);
    const { response } = await c.client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }).withResponse();
    const sent = world.fakes.az.requests.at(-1)!;
    expect(sent.path).to.equal('/openai/deployments/emb-deploy/embeddings');
    expect(sent.query['api-version']).to.equal('2024-10-21');
    expect(sent.headers['api-key']).to.equal('key-az');
    expect(response.headers.get('x-selected-model')).to.equal('text-embedding-3-small');
  });

  it('routing refusals: a model not allowed 403, pinning a chat-only registry 400, no capable registry 503', async () => {
    const c = await world.consumer('emb-refusals', ['oa', 'ant'], { model_policies: [] });
    const narrow = await world.consumer('emb-narrow', ['oa'], { model_policies: [{ registry_id: world.registries.oa._id, allow: ['text-embedding-3-small'] }] });
    const notAllowed = await call(narrow, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-large', input: 'x' } });
    expect(notAllowed.status).to.equal(403);
    const pinned = await call(c, 'POST', '/v1/embeddings', { json: { model: '@ant/claude-sonnet-4-5', input: 'x' } });
    expect(pinned.status).to.equal(400);
    expect(await openAIError(pinned)).to.contain('cannot serve embeddings');
    const chatOnly = await world.consumer('emb-none', ['ant', 'ds']);
    const none = await call(chatOnly, 'POST', '/v1/embeddings', { json: { model: 'auto', input: 'x' } });
    expect(none.status).to.equal(503);
    expect(none.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect(none.headers.get('x-ag-trace-id')).to.be.a('string');
    expect(world.hits('ant') + world.hits('ds')).to.equal(0);
  });

  it('an upstream error keeps its status and is marked as the upstream\'s', async () => {
    const c = await world.consumer('emb-upstream-error', ['oa2']);
    world.fakes.oa2.enqueue({ kind: 'error', status: 400, message: 'This model does not support dimensions' });
    const response = await call(c, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-small', input: 'x', dimensions: 3 } });
    expect(response.status).to.equal(400);
    expect(response.headers.get('x-gateway-error-source')).to.equal('upstream');
    expect(await openAIError(response)).to.equal('This model does not support dimensions');
  });

  it("the consumer's retry settings apply: a 429 is retried on the same registry", async () => {
    const c = await world.consumer('emb-retry', ['oa2'], { retry: { max_retries: 1, on: ['429'], initial_delay_ms: 10, jitter: 0 } } as Record<string, unknown>);
    world.fakes.oa2.enqueue({ kind: 'error', status: 429, message: 'slow down' });
    const before = world.hits('oa2', /embeddings/);
    const response = await call(c, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-small', input: 'x' } });
    expect(response.status).to.equal(200);
    expect(world.hits('oa2', /embeddings/) - before).to.equal(2);
  });

  it('a fallback may be another format: OpenAI fails, Cohere answers, translated', async () => {
    const c = await world.consumer('emb-fallback', ['oa2', 'co'], { fallback: { targets: ['@co/embed-english-v3.0'], on: ['5xx'] } });
    world.fakes.oa2.enqueue({ kind: 'error', status: 500, message: 'embeddings down' });
    const { data, response } = await c.client.embeddings.create({ model: '@oa2/text-embedding-3-small', input: 'x', encoding_format: 'float' }).withResponse();
    expect(response.headers.get('x-selected-provider')).to.equal('cohere');
    expect(data.data[0].embedding).to.deep.equal(fakeVector('x'));
  });

  it('a 200 answer that is not JSON is the upstream\'s 502: it moves on by the fallback triggers, and is answered when none fires', async () => {
    const moving = await world.consumer('emb-fallback-malformed', ['oa2', 'co'], { fallback: { targets: ['@co/embed-english-v3.0'], on: ['5xx'] } });
    world.fakes.oa2.enqueue({ kind: 'malformed' });
    const { data, response } = await moving.client.embeddings.create({ model: '@oa2/text-embedding-3-small', input: 'x', encoding_format: 'float' }).withResponse();
    expect(response.headers.get('x-selected-provider')).to.equal('cohere');
    expect(data.data[0].embedding).to.deep.equal(fakeVector('x'));

    const staying = await world.consumer('emb-malformed', ['oa2']);
    world.fakes.oa2.enqueue({ kind: 'malformed' });
    const refused = await call(staying, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-small', input: 'x' } });
    expect(refused.status).to.equal(502);
    expect(refused.headers.get('x-gateway-error-source')).to.equal('upstream');
    expect(await openAIError(refused)).to.contain('upstream answered with a malformed body');
  });

  it('a fallback that cannot take the request is passed over: the client sees why the primary failed', async () => {
    const c = await world.consumer('emb-fallback-skip', ['oa2', 'co'], { fallback: { targets: ['@co/embed-english-v3.0'], on: ['5xx'] } });
    world.fakes.oa2.enqueue({ kind: 'error', status: 500, message: 'embeddings down' });
    const before = world.hits('co');
    const response = await call(c, 'POST', '/v1/embeddings', { json: { model: '@oa2/text-embedding-3-small', input: [[1, 2]] } });
    expect(response.status).to.equal(500);
    expect(response.headers.get('x-gateway-error-source')).to.equal('upstream');
    expect(await openAIError(response)).to.equal('embeddings down');
    expect(world.hits('co')).to.equal(before);
  });

  it('wrongly typed fields are a 400 naming the field, in the OpenAI error format, before any upstream call', async () => {
    const c = await world.consumer('emb-types', ['oa']);
    const before = world.hits('oa');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: 'text-embedding-3-small', input: { a: 1 } }, 'input'],
      [{ model: 'text-embedding-3-small', input: [] }, 'input'],
      [{ model: 'text-embedding-3-small', input: ['x', 2] }, 'input'],
      [{ model: 'text-embedding-3-small', input: [[1, 'two']] }, 'input'],
      [{ model: 'text-embedding-3-small' }, 'input'],
      [{ model: 7, input: 'x' }, 'model'],
      [{ model: 'text-embedding-3-small', input: 'x', dimensions: 'many' }, 'dimensions'],
      [{ model: 'text-embedding-3-small', input: 'x', dimensions: 0 }, 'dimensions'],
      [{ model: 'text-embedding-3-small', input: 'x', encoding_format: 'hex' }, 'encoding_format'],
      [{ model: 'text-embedding-3-small', input: 'x', user: ['u'] }, 'user'],
    ];
    for (const [json, field] of cases) {
      const response = await call(c, 'POST', '/v1/embeddings', { json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
      const body = (await response.json()) as { error: { message: string; type: string; param: string | null } };
      expect(body.error.param, JSON.stringify(json)).to.equal(field);
      expect(body.error.message).to.contain(field);
    }
    expect(world.hits('oa')).to.equal(before);
    // Token arrays and fields the gateway does not know still pass to an OpenAI-format upstream.
    const tokens = await call(c, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-small', input: [[1, 2], [3]], future_field: true } });
    expect(tokens.status).to.equal(200);
  });

  it('other methods are 400, extra tails 404, a body that is not JSON 400', async () => {
    const c = await world.consumer('emb-shape', ['oa']);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await call(c, method, '/v1/embeddings');
      expect(response.status, method).to.equal(400);
      expect(await openAIError(response)).to.contain(method);
    }
    expect((await call(c, 'POST', '/v1/embeddings/extra', { json: { input: 'x' } })).status).to.equal(404);
    const notJson = await call(c, 'POST', '/v1/embeddings', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).to.equal(400);
  });
});
