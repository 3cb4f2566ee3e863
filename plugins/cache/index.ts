/**
 * `cache`: exact-match response cache keyed on the canonical request within the consumer's
 * scope (the core prefixes gateway, consumer, route and config revision), with a TTL and a
 * size bound; streamed answers are stored and replayed as streams. Optional semantic mode
 * serves the answer of a similar prompt (embedding similarity over a threshold).
 */
import { type CacheKeyParts, type CanonicalResponse, definePlugin, type Exchange } from '../../core/plugin/index.js';
import { keyParts, lookup, store, type CacheStores } from './handler.js';
import { createResponseStore } from './response-store.js';
import { SemanticIndex } from './semantic-index.js';
import type { CacheSettings } from './settings.js';

export default definePlugin<CacheSettings>({
  kind: 'plugin',
  name: 'cache',
  version: '1.0.0',
  coreApi: '^1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/cache.schema.json',
  // A broken cache must not stop traffic: its failures are logged and the request goes upstream.
  category: 'cache',
  failureMode: 'open',
  stages: ['cacheKey', 'cacheLookup', 'cacheStore'],
  // The embedding registry of semantic mode must exist when the policy is written.
  references: [{ pointer: '/semantic/registry', kind: 'registry' }],
  description: 'Exact-match (and optional semantic) response cache per consumer, with TTL and size bound; X-AG-Cache hit|miss.',
  setup(hooks, kit) {
    const settings = kit.config();
    const stores: CacheStores = {
      responses: createResponseStore(settings),
      semantic: settings.semantic ? new SemanticIndex(settings.semantic.max_candidates) : undefined,
    };
    hooks.cacheKey.tap({ name: 'cache' }, (parts: CacheKeyParts, ctx: Exchange) => keyParts(parts, ctx));
    hooks.cacheLookup.tapPromise({ name: 'cache' }, async (key: string, ctx: Exchange) => lookup(kit, stores, key, ctx));
    hooks.cacheStore.tapPromise({ name: 'cache' }, async (key: string, response: CanonicalResponse, ctx: Exchange) => store(kit, stores, key, response, ctx));
  },
});
