import type { Exchange } from '../../core/plugin/index.js';

/** What the client's `Cache-Control` asks of the cache. */
export interface CacheDirectives {
  /** `no-cache`: do not answer from the cache (a fresh answer is still stored). */
  noCache: boolean;
  /** `no-store`: neither answer from nor store into the cache. */
  noStore: boolean;
}

/** Reads the request's `Cache-Control` directives. */
export function cacheDirectives(ctx: Exchange): CacheDirectives {
  const raw = ctx.incoming.headers['cache-control'];
  const value = (Array.isArray(raw) ? raw.join(',') : raw ?? '').toLowerCase();
  const directives = new Set(value.split(',').map((d) => d.trim().split('=')[0]));
  return { noCache: directives.has('no-cache') || directives.has('no-store'), noStore: directives.has('no-store') };
}
