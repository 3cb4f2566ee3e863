/**
 * Every route sends traffic only to registries able to serve its capability: a registry
 * without `chat` never takes a chat request, whether through `auto`, a pool, a fallback chain
 * or a provider reference; pinning it is a 400; a consumer with no chat-capable registry is 503.
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
});
