import { createHash } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import type { CacheKeyParts, CanonicalResponse, Exchange, PluginKit } from '../../core/plugin/index.js';
import { cacheDirectives, type CacheDirectives } from './cache-control.js';
import { embed } from './embeddings-client.js';
import { cacheableRequest, promptText, semanticPartition } from './key-parts.js';
import type { SemanticIndex } from './semantic-index.js';
import type { CacheSettings } from './settings.js';

/** Per request: the client's directives and, in semantic mode, the prompt's embedding. */
interface CacheState {
  directives?: CacheDirectives;
  vector?: number[];
  semanticScope?: string;
}

/** One cache policy's stores. */
export interface CacheStores {
  responses: LRUCache<string, CanonicalResponse>;
  semantic?: SemanticIndex;
}

/** `cacheKey`: the request part of the key, without streaming flags (the core adds the consumer's scope). */
export function keyParts(parts: CacheKeyParts, ctx: Exchange): CacheKeyParts {
  if (!ctx.request) return parts;
  return [JSON.stringify(cacheableRequest(ctx.request)), ...parts.slice(1)];
}

/** The scope a semantic match must share: the core's key scope plus every request field but the messages. */
function semanticScope(kit: PluginKit<CacheSettings>, ctx: Exchange): string {
  const scope = `${ctx.consumer!.gatewayId}|${ctx.consumer!.id}|${ctx.incoming.route}|${kit.revision}`;
  return `${scope}|${createHash('sha256').update(semanticPartition(ctx.request!)).digest('hex')}`;
}

async function promptVector(kit: PluginKit<CacheSettings>, ctx: Exchange, state: CacheState): Promise<number[]> {
  if (state.vector) return state.vector;
  const semantic = kit.config(ctx).semantic!;
  const endpoint = kit.registries.resolve(semantic.registry);
  if (!endpoint) throw new Error(`semantic cache: no registry "${semantic.registry}" in this gateway`);
  state.vector = await embed(endpoint, semantic.model, promptText(ctx.request!), semantic.timeout_ms);
  return state.vector;
}

/**
 * `cacheLookup`: the exact entry for the key, else (semantic mode) the stored answer of the
 * most similar prompt of the same scope at or above the threshold. Sets `X-AG-Cache: hit|miss`.
 * `Cache-Control: no-cache` (or `no-store`) skips the lookup.
 */
export async function lookup(kit: PluginKit<CacheSettings>, stores: CacheStores, key: string, ctx: Exchange): Promise<CanonicalResponse | undefined> {
  const settings = kit.config(ctx);
  const state = kit.state<CacheState>(ctx);
  state.directives = settings.respect_cache_control ? cacheDirectives(ctx) : { noCache: false, noStore: false };
  ctx.responseHeaders['x-ag-cache'] = 'miss';
  if (state.directives.noCache || !ctx.request) return undefined;
  let hit = stores.responses.get(key);
  if (!hit && stores.semantic && settings.semantic) {
    state.semanticScope = semanticScope(kit, ctx);
    const vector = await promptVector(kit, ctx, state);
    const near = stores.semantic.nearest(state.semanticScope, vector, settings.semantic.threshold, (k) => stores.responses.has(k));
    if (near) hit = stores.responses.get(near.key);
  }
  if (hit) ctx.responseHeaders['x-ag-cache'] = 'hit';
  return hit;
}

/**
 * `cacheStore` (after the response): keeps a complete answer; a stream that stopped early, or
 * a client that said `no-store`, stores nothing. Semantic mode also remembers the prompt's
 * embedding.
 */
export async function store(kit: PluginKit<CacheSettings>, stores: CacheStores, key: string, response: CanonicalResponse, ctx: Exchange): Promise<void> {
  const state = kit.state<CacheState>(ctx);
  if (state.directives?.noStore || ctx.streamComplete === false || response.finish_reason === 'error') return;
  stores.responses.set(key, response);
  if (stores.semantic && kit.config(ctx).semantic && stores.responses.has(key)) {
    const vector = await promptVector(kit, ctx, state);
    stores.semantic.add(state.semanticScope ?? semanticScope(kit, ctx), key, vector);
  }
}
