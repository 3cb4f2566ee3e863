/**
 * cache through a running gateway: misses then hits (X-AG-Cache), streamed answers stored and
 * replayed as streams, Cache-Control opt-outs, TTL and size bounds, no sharing between
 * consumers, incomplete streams never stored, and semantic mode over a fake embeddings endpoint.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { embeddedTexts, embeddingsRoute } from './support/embeddings-route.js';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function ask(client: OpenAI, content: string, model = 'gpt-4o-mini') {
  const { data, response } = await client.chat.completions.create({ model, messages: [{ role: 'user', content }] }).withResponse();
  return { text: data.choices[0].message.content, cache: response.headers.get('x-ag-cache') };
}

async function askStreaming(client: OpenAI, content: string) {
  const { data: stream, response } = await client.chat.completions
    .create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content }] })
    .withResponse();
  let text = '';
  let chunks = 0;
  for await (const chunk of stream) {
    chunks++;
    text += chunk.choices[0]?.delta?.content ?? '';
  }
  return { text, chunks, cache: response.headers.get('x-ag-cache'), contentType: response.headers.get('content-type') };
}

describe('cache through a running gateway', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;

  before(async () => {
    pg = await startPolicyGateway();
    await pg.attach('cache', { ttl_seconds: 60 });
  });
  after(async () => {
    await pg?.close();
  });

  /** Stores run after the response: give them a moment before asking again. */
  const stored = () => sleep(50);

  it('misses, then answers the same request from the cache without calling the upstream', async () => {
    pg.upstream.setDefault({ kind: 'text', text: 'first answer' });
    const first = await ask(pg.client(), 'what is two plus two');
    expect(first).to.deep.equal({ text: 'first answer', cache: 'miss' });
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'a different answer' });
    const before = pg.upstreamCalls();
    const second = await ask(pg.client(), 'what is two plus two');
    expect(second).to.deep.equal({ text: 'first answer', cache: 'hit' });
    expect(pg.upstreamCalls()).to.equal(before);
    expect((await ask(pg.client(), 'what is three plus three')).cache).to.equal('miss');
  });

  it('stores a streamed answer and replays it as a stream, and to a non-streaming client as JSON', async () => {
    pg.upstream.setDefault({ kind: 'text', text: 'streamed words come in pieces' });
    const first = await askStreaming(pg.client(), 'stream me something');
    expect(first.cache).to.equal('miss');
    expect(first.text).to.equal('streamed words come in pieces');
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'not this one' });
    const before = pg.upstreamCalls();
    const replay = await askStreaming(pg.client(), 'stream me something');
    expect(replay.cache).to.equal('hit');
    expect(replay.contentType).to.contain('text/event-stream');
    expect(replay.text).to.equal('streamed words come in pieces');
    expect(replay.chunks).to.be.greaterThan(1);
    expect(await ask(pg.client(), 'stream me something')).to.deep.equal({ text: 'streamed words come in pieces', cache: 'hit' });
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('never stores a stream that stopped early', async () => {
    pg.upstream.enqueue({ kind: 'cut', text: 'this stream will be cut short', afterChunks: 2 });
    await askStreaming(pg.client(), 'cut me off').catch(() => undefined);
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'complete answer' });
    expect(await ask(pg.client(), 'cut me off')).to.deep.equal({ text: 'complete answer', cache: 'miss' });
  });

  it('Cache-Control: no-cache gets a fresh answer (and stores it); no-store neither reads nor stores', async () => {
    pg.upstream.setDefault({ kind: 'text', text: 'old' });
    await ask(pg.client(), 'cache control question');
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'new' });
    expect(await ask(pg.client({ 'cache-control': 'no-cache' }), 'cache control question')).to.deep.equal({ text: 'new', cache: 'miss' });
    await stored();
    expect(await ask(pg.client(), 'cache control question')).to.deep.equal({ text: 'new', cache: 'hit' });

    pg.upstream.setDefault({ kind: 'text', text: 'private' });
    expect(await ask(pg.client({ 'cache-control': 'no-store' }), 'do not keep this')).to.deep.equal({ text: 'private', cache: 'miss' });
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'fresh' });
    expect(await ask(pg.client(), 'do not keep this')).to.deep.equal({ text: 'fresh', cache: 'miss' });
  });

  it('expires entries after ttl_seconds', async () => {
    await pg.attach('cache', { ttl_seconds: 1 });
    pg.upstream.setDefault({ kind: 'text', text: 'short lived' });
    await ask(pg.client(), 'ttl question');
    await stored();
    expect((await ask(pg.client(), 'ttl question')).cache).to.equal('hit');
    await sleep(1_100);
    expect((await ask(pg.client(), 'ttl question')).cache).to.equal('miss');
  });

  it('keeps at most max_entries answers, the least recently used going first', async () => {
    await pg.attach('cache', { max_entries: 2 });
    for (const q of ['q-one', 'q-two']) {
      await ask(pg.client(), q);
      await stored();
    }
    expect((await ask(pg.client(), 'q-one')).cache).to.equal('hit');
    // q-one was used since q-two: q-three evicts q-two.
    await ask(pg.client(), 'q-three');
    await stored();
    expect((await ask(pg.client(), 'q-one')).cache).to.equal('hit');
    expect((await ask(pg.client(), 'q-three')).cache).to.equal('hit');
    expect((await ask(pg.client(), 'q-two')).cache).to.equal('miss');
  });

  it('does not store an answer larger than max_entry_bytes', async () => {
    await pg.attach('cache', { max_entry_bytes: 1024 });
    pg.upstream.setDefault({ kind: 'text', text: 'long '.repeat(400) });
    await ask(pg.client(), 'give me a long answer');
    await stored();
    expect((await ask(pg.client(), 'give me a long answer')).cache).to.equal('miss');
    pg.upstream.setDefault({ kind: 'text', text: 'short' });
    await ask(pg.client(), 'give me a short answer');
    await stored();
    expect((await ask(pg.client(), 'give me a short answer')).cache).to.equal('hit');
  });

  it('never answers one consumer from another consumer\'s entry', async () => {
    const policy = await pg.attach('cache', { ttl_seconds: 60 });
    const other = await pg.gateway.seed.consumer(pg.gatewayId, { slug: 'other', registries: [{ registry_id: pg.registry._id, weight: 1 }] });
    await pg.gateway.seed.update(COLLECTIONS.consumers, other.consumer._id, { $addToSet: { policy_ids: policy._id } });
    await pg.gateway.configChanged();
    pg.upstream.setDefault({ kind: 'text', text: 'for app only' });
    await ask(pg.client(), 'shared question');
    await stored();
    pg.upstream.setDefault({ kind: 'text', text: 'for other' });
    const otherClient = new OpenAI({ apiKey: other.key, baseURL: `${pg.gateway.proxyUrl('other')}/v1`, maxRetries: 0 });
    expect(await ask(otherClient, 'shared question')).to.deep.equal({ text: 'for other', cache: 'miss' });
    expect(await ask(pg.client(), 'shared question')).to.deep.equal({ text: 'for app only', cache: 'hit' });
  });
});

describe('cache: semantic mode with a fake embeddings endpoint', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;

  before(async () => {
    pg = await startPolicyGateway({ upstream: { routes: [embeddingsRoute] } });
  });
  after(async () => {
    await pg?.close();
  });

  it('answers a similar prompt from the cache, and goes upstream for a different one or another model', async () => {
    await pg.attach('cache', { semantic: { registry: 'openai-main', model: 'text-embedding-3-small', threshold: 0.9 } });
    pg.upstream.setDefault({ kind: 'text', text: 'Paris' });
    expect(await ask(pg.client(), 'What is the capital city of France?')).to.deep.equal({ text: 'Paris', cache: 'miss' });
    await sleep(50);
    pg.upstream.setDefault({ kind: 'text', text: 'upstream again' });
    const before = pg.upstreamCalls();
    expect(await ask(pg.client(), 'what is the capital city of france')).to.deep.equal({ text: 'Paris', cache: 'hit' });
    expect(pg.upstreamCalls()).to.equal(before);
    expect(embeddedTexts.at(-1)).to.equal('user: what is the capital city of france');
    expect((await ask(pg.client(), 'Write a haiku about autumn leaves')).cache).to.equal('miss');
    expect((await ask(pg.client(), 'What is the capital city of France?', 'gpt-4o')).cache).to.equal('miss');
  });

  it('stays below the threshold for prompts that only share some words', async () => {
    await pg.attach('cache', { semantic: { registry: 'openai-main', model: 'text-embedding-3-small', threshold: 0.99 } });
    pg.upstream.setDefault({ kind: 'text', text: 'one' });
    await ask(pg.client(), 'list three rivers in spain');
    await sleep(50);
    expect((await ask(pg.client(), 'list three rivers in portugal please')).cache).to.equal('miss');
  });

  it('fails open: an embedding registry that cannot embed leaves requests answered upstream', async () => {
    await pg.attach('cache', { semantic: { registry: 'no-such-registry', model: 'text-embedding-3-small' } });
    pg.upstream.setDefault({ kind: 'text', text: 'still answered' });
    expect(await ask(pg.client(), 'semantic lookup will fail')).to.deep.equal({ text: 'still answered', cache: 'miss' });
  });
});
