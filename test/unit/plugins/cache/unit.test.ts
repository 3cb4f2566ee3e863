import { expect } from 'chai';
import type { CanonicalRequest, CanonicalResponse } from '../../../../core/canonical/index.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { fakeKit } from '../../../../core/testing/fake-kit.js';
import { cacheDirectives } from '../../../../plugins/cache/cache-control.js';
import { keyParts, lookup, store, type CacheStores } from '../../../../plugins/cache/handler.js';
import { cacheableRequest, promptText, semanticPartition } from '../../../../plugins/cache/key-parts.js';
import { createResponseStore } from '../../../../plugins/cache/response-store.js';
import { cosine, SemanticIndex } from '../../../../plugins/cache/semantic-index.js';
import type { CacheSettings } from '../../../../plugins/cache/settings.js';

const SETTINGS: CacheSettings = { ttl_seconds: 60, max_entries: 10, max_bytes: 1 << 20, max_entry_bytes: 1 << 16, respect_cache_control: true };

const request = (text: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  sampling: {},
  stream: false,
  ...extra,
});

const answer: CanonicalResponse = { id: 'r1', model: 'gpt-4o-mini', created: 0, finish_reason: 'stop', content: [{ type: 'text', text: 'hi' }] };

const exchange = (headers: Record<string, string> = {}, fields: Partial<Exchange> = {}) =>
  ({ incoming: { headers, route: '/v1/chat/completions' }, request: request('q'), responseHeaders: {}, pluginState: new Map(), ...fields }) as unknown as Exchange;

describe('cache: keys', () => {
  it('ignores the streaming flags, so streamed and buffered requests share an entry', () => {
    expect(cacheableRequest(request('q', { stream: true, stream_include_usage: true }))).to.deep.equal(cacheableRequest(request('q')));
    const parts = keyParts(['raw', 'extra'], exchange({}, { request: request('q', { stream: true }) }));
    expect(parts).to.deep.equal([JSON.stringify(cacheableRequest(request('q'))), 'extra']);
  });

  it('partitions semantic matches by everything but the messages', () => {
    expect(semanticPartition(request('a'))).to.equal(semanticPartition(request('b')));
    expect(semanticPartition(request('a'))).to.not.equal(semanticPartition(request('a', { model: 'gpt-4o' })));
    expect(semanticPartition(request('a'))).to.not.equal(semanticPartition(request('a', { sampling: { temperature: 1 } })));
  });

  it('embeds the conversation text, keeping its end when long', () => {
    const req = request('question');
    req.messages.unshift({ role: 'system', content: [{ type: 'text', text: 'be kind' }] });
    expect(promptText(req)).to.equal('system: be kind\nuser: question');
    expect(promptText(request('x'.repeat(100)), 10)).to.equal('x'.repeat(10));
  });
});

describe('cache: Cache-Control', () => {
  it('reads no-cache and no-store (no-store implies no-cache)', () => {
    expect(cacheDirectives(exchange({ 'cache-control': 'No-Cache' }))).to.deep.equal({ noCache: true, noStore: false });
    expect(cacheDirectives(exchange({ 'cache-control': 'max-age=0, no-store' }))).to.deep.equal({ noCache: true, noStore: true });
    expect(cacheDirectives(exchange())).to.deep.equal({ noCache: false, noStore: false });
  });
});

describe('cache: lookup and store', () => {
  const stores = (): CacheStores => ({ responses: createResponseStore(SETTINGS) });

  it('answers a stored key with X-AG-Cache hit, otherwise miss', async () => {
    const kit = fakeKit(SETTINGS);
    const s = stores();
    const first = exchange();
    expect(await lookup(kit, s, 'k', first)).to.equal(undefined);
    expect(first.responseHeaders['x-ag-cache']).to.equal('miss');
    await store(kit, s, 'k', answer, first);
    const second = exchange();
    expect(await lookup(kit, s, 'k', second)).to.deep.equal(answer);
    expect(second.responseHeaders['x-ag-cache']).to.equal('hit');
  });

  it('stores nothing for no-store, an incomplete stream or an error finish; no-cache skips only the lookup', async () => {
    const kit = fakeKit(SETTINGS);
    const s = stores();
    const noStore = exchange({ 'cache-control': 'no-store' });
    await lookup(kit, s, 'a', noStore);
    await store(kit, s, 'a', answer, noStore);
    await store(kit, s, 'b', answer, exchange({}, { streamComplete: false }));
    await store(kit, s, 'c', { ...answer, finish_reason: 'error' }, exchange());
    expect([s.responses.has('a'), s.responses.has('b'), s.responses.has('c')]).to.deep.equal([false, false, false]);
    await store(kit, s, 'd', answer, exchange());
    expect(await lookup(kit, s, 'd', exchange({ 'cache-control': 'no-cache' }))).to.equal(undefined);
    expect(await lookup(kit, s, 'd', exchange())).to.deep.equal(answer);
  });

  it('honours Cache-Control only when respect_cache_control is on', async () => {
    const kit = fakeKit({ ...SETTINGS, respect_cache_control: false });
    const s = stores();
    await store(kit, s, 'k', answer, exchange());
    expect(await lookup(kit, s, 'k', exchange({ 'cache-control': 'no-cache' }))).to.deep.equal(answer);
  });
});

describe('cache: semantic index', () => {
  it('computes cosine similarity', () => {
    expect(cosine([1, 0], [1, 0])).to.equal(1);
    expect(cosine([1, 0], [0, 1])).to.equal(0);
    expect(cosine([0, 0], [1, 0])).to.equal(0);
    expect(cosine([1, 2], [1, 2, 3])).to.equal(0);
  });

  it('returns the most similar live entry of the scope above the threshold, forgetting dead ones', () => {
    const index = new SemanticIndex(10);
    index.add('s', 'k1', [1, 0, 0]);
    index.add('s', 'k2', [1, 1, 0]);
    index.add('other', 'k3', [1, 0.1, 0]);
    expect(index.nearest('s', [1, 0.1, 0], 0.9, () => true)).to.deep.include({ key: 'k1' });
    expect(index.nearest('s', [0, 0, 1], 0.5, () => true)).to.equal(undefined);
    expect(index.nearest('s', [1, 0.1, 0], 0.9, (k) => k !== 'k1')).to.equal(undefined);
    expect(index.nearest('s', [1, 1, 0], 0.9, () => true)).to.deep.include({ key: 'k2' });
    expect(index.nearest('s', [1, 0, 0], 0.99, () => true)).to.equal(undefined);
  });

  it('keeps at most max_candidates per scope, the oldest forgotten first', () => {
    const index = new SemanticIndex(2);
    index.add('s', 'a', [1, 0]);
    index.add('s', 'b', [0, 1]);
    index.add('s', 'c', [1, 1]);
    expect(index.nearest('s', [1, 0], 0.99, () => true)).to.equal(undefined);
    expect(index.nearest('s', [0, 1], 0.99, () => true)).to.deep.include({ key: 'b' });
  });
});
