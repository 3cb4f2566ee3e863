import type { CacheSettings as Generated } from '../../core/plugin/index.js';

type GeneratedSemantic = NonNullable<Generated['semantic']>;

/** Semantic mode, its defaults applied. */
export type SemanticCacheSettings = GeneratedSemantic & Required<Pick<GeneratedSemantic, 'threshold' | 'timeout_ms' | 'max_candidates'>>;

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type CacheSettings = Omit<Generated, 'semantic'> &
  Required<Pick<Generated, 'ttl_seconds' | 'max_entries' | 'max_bytes' | 'max_entry_bytes' | 'respect_cache_control'>> & { semantic?: SemanticCacheSettings };
