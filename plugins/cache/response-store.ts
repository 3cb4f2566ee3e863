import { LRUCache } from 'lru-cache';
import type { CanonicalResponse } from '../../core/plugin/index.js';
import type { CacheSettings } from './settings.js';

/**
 * The exact-match store: an LRU bounded by entry count and total bytes, entries expiring after
 * the TTL. One per cache policy and config snapshot (keys carry the snapshot revision anyway).
 */
export function createResponseStore(settings: CacheSettings): LRUCache<string, CanonicalResponse> {
  return new LRUCache<string, CanonicalResponse>({
    max: settings.max_entries,
    maxSize: settings.max_bytes,
    maxEntrySize: settings.max_entry_bytes,
    sizeCalculation: (response) => Math.max(1, Buffer.byteLength(JSON.stringify(response))),
    ttl: settings.ttl_seconds * 1_000,
  });
}
