/**
 * Every route sends traffic only to registries able to serve its capability: a registry
 * without `chat` never takes a chat request, whether through `auto`, a pool, a fallback chain
 * or a provider reference; pinning it is a 400; a consumer with no chat-capable registry is 503.
 * The model the gateway chooses is of the route's modality too: `auto`, a consumer default, a
 * pool member, a fallback target and a smart tier naming an embeddings or image model are
 * passed over on a chat route, and no chat model at all is a 503 without an upstream call.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

describe('routing: capability filtering', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};

  before(async () => {
    world = await startRoutingWorld();
    ids.a = (await world.registry('a'))._id;
    ids.emb = (await world.registry('emb', { capabilities: ['embeddings'] }))._id;
    // Serves chat, embeddings and images; its allow-list starts with non-chat models.
    ids.mix = (await world.registry('mix', { models: ['text-embedding-3-small', 'dall-e-3', 'm-mix'] }))._id;
    ids.noChat = (await world.registry('nochat', { models: ['text-embedding-3-small', 'dall-e-3'] }))._id;
  });

  after(async () => {
    await world?.close();
  });

  const emb = () => world.upstreams.get('emb')!;

  it('auto, pools and provider references never pick a registry without chat', async () => {
    const { client } = await world.consumer({
      slug: 'caps',
      registries: [{ registry_id: ids.emb, weight: 5 }, { registry_id: ids.a, weight: 1 }],
      load_balancing: { strategy: 'weighted' },
      pools: [{ name: 'mixed', targets: ['@emb/m-emb', '@a/m-a'] }],
    });
    for (let i = 0; i < 6; i++) expect((await world.chat(client)).answeredBy).to.equal('a');
    for (let i = 0; i < 4; i++) expect((await world.chat(client, { model: 'pool:mixed' })).answeredBy).to.equal('a');
    expect((await world.chat(client, { model: '@openai/m-a' })).answeredBy).to.equal('a');
    expect(emb().chatCount()).to.equal(0);
  });

  it('pinning a registry that cannot serve chat is a 400, not a failover', async () => {
    const { client } = await world.consumer({ slug: 'caps-pin', registries: [{ registry_id: ids.emb, weight: 1 }, { registry_id: ids.a, weight: 1 }] });
    const err = (await world.chat(client, { model: '@emb/m-emb' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.BadRequestError);
    expect(err.message).to.contain('cannot serve chat');
    expect(emb().chatCount()).to.equal(0);
  });

  it('a fallback target that cannot serve chat is skipped', async () => {
    const { client } = await world.consumer({
      slug: 'caps-fallback',
      registries: [{ registry_id: ids.a, weight: 1 }, { registry_id: ids.emb, weight: 1 }],
      fallback: { targets: ['@emb/m-emb'], on: ['5xx'] },
    });
    world.upstreams.get('a')!.enqueue({ kind: 'error', status: 500, message: 'a down' });
    const err = (await world.chat(client, { model: '@a/m-a' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.InternalServerError);
    expect(emb().chatCount()).to.equal(0);
  });

  it('a consumer with no chat-capable registry is answered 503', async () => {
    const { client } = await world.consumer({ slug: 'caps-none', registries: [{ registry_id: ids.emb, weight: 1 }] });
    const err = (await world.chat(client).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(503);
    expect(emb().chatCount()).to.equal(0);
  });

  const mix = () => world.upstreams.get('mix')!;
  /** The models the fake called `name` was sent, in order. */
  const modelsSentTo = (name: string) => world.upstreams.get(name)!.requests.filter((r) => r.method === 'POST').map((r) => (r.body as { model?: string }).model);

  it('auto on chat never picks an embeddings or image model, even when the allow-list starts with them', async () => {
    const { client } = await world.consumer({ slug: 'modality-auto', registries: [{ registry_id: ids.mix, weight: 1 }] });
    const before = modelsSentTo('mix').length;
    for (let i = 0; i < 3; i++) expect((await world.chat(client)).answeredBy).to.equal('mix');
    expect(modelsSentTo('mix').slice(before)).to.deep.equal(['m-mix', 'm-mix', 'm-mix']);
  });

  it('a consumer default of another modality is passed over for a chat model', async () => {
    const { client } = await world.consumer({
      slug: 'modality-default',
      registries: [{ registry_id: ids.mix, weight: 1 }],
      model_policies: [{ registry_id: ids.mix, allow: ['text-embedding-3-small', 'dall-e-3', 'm-mix'], default: 'text-embedding-3-small' }],
    });
    const before = modelsSentTo('mix').length;
    const answer = await world.chat(client);
    expect(answer.answeredBy).to.equal('mix');
    expect(modelsSentTo('mix').slice(before)).to.deep.equal(['m-mix']);
  });

  it('a pool member, a fallback target and a smart tier of another modality are skipped', async () => {
    const { client } = await world.consumer({
      slug: 'modality-routes',
      registries: [{ registry_id: ids.mix, weight: 1 }, { registry_id: ids.a, weight: 1 }],
      pools: [{ name: 'mixed', targets: ['@mix/text-embedding-3-small', '@mix/dall-e-3', '@a/m-a'] }],
      fallback: { targets: ['@mix/text-embedding-3-small', '@a/m-a'], on: ['5xx'] },
      load_balancing: { strategy: 'smart', tiers: { simple: '@mix/dall-e-3' } },
    });
    const before = modelsSentTo('mix').length;
    for (let i = 0; i < 3; i++) expect((await world.chat(client, { model: 'pool:mixed' })).answeredBy).to.equal('a');
    // The fallback chain after a failing primary reaches `a`, not the embeddings model.
    mix().enqueue({ kind: 'error', status: 500, message: 'mix down' });
    expect((await world.chat(client, { model: '@mix/m-mix' })).answeredBy).to.equal('a');
    // The simple tier names an image model: the prompt is served by a chat model instead.
    const tiered = await world.chat(client);
    expect(['mix', 'a']).to.include(tiered.answeredBy);
    expect(modelsSentTo('mix').slice(before).filter((m) => m !== 'm-mix')).to.deep.equal([]);
  });

  it('a consumer whose registries hold no chat model is a 503 in the client format, with no upstream call', async () => {
    const { client } = await world.consumer({ slug: 'modality-none', registries: [{ registry_id: ids.noChat, weight: 1 }] });
    const err = (await world.chat(client).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).to.be.instanceOf(OpenAI.APIError);
    expect(err.status).to.equal(503);
    expect(err.code).to.equal('no_capable_registry');
    expect(world.upstreams.get('nochat')!.requests.filter((r) => r.method === 'POST')).to.have.length(0);
  });

  it('a pool with no member of the route\'s modality is a 503, with no upstream call', async () => {
    const { client } = await world.consumer({
      slug: 'modality-pool-none',
      registries: [{ registry_id: ids.noChat, weight: 1 }, { registry_id: ids.a, weight: 1 }],
      pools: [{ name: 'media', targets: ['@nochat/text-embedding-3-small', '@nochat/dall-e-3'] }],
    });
    const err = (await world.chat(client, { model: 'pool:media' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(503);
    expect(world.upstreams.get('nochat')!.requests.filter((r) => r.method === 'POST')).to.have.length(0);
  });

  it('a chat body without model means auto', async () => {
    const { key } = await world.consumer({ slug: 'modality-no-model', registries: [{ registry_id: ids.mix, weight: 1 }] });
    const before = modelsSentTo('mix').length;
    const response = await fetch(`${world.gateway.proxyUrl('modality-no-model')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> };
    expect(body.choices[0].message.content).to.match(/^Hello from mix/);
    expect(modelsSentTo('mix').slice(before)).to.deep.equal(['m-mix']);
  });
});
