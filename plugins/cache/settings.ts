/** Semantic mode: similar prompts share an answer. */
export interface SemanticCacheSettings {
  /** The registry (slug or id) whose OpenAI-format `/embeddings` endpoint embeds prompts. */
  registry: string;
  /** The embedding model. */
  model: string;
  /** Cosine similarity from which a stored answer is served. */
  threshold: number;
  /** Embedding call timeout. */
  timeout_ms: number;
  /** Prompts remembered per scope for similarity search (oldest forgotten first). */
  max_candidates: number;
}

/** Settings of a cache policy (schemas/plugins/cache.schema.json). */
export interface CacheSettings {
  ttl_seconds: number;
  max_entries: number;
  max_bytes: number;
  max_entry_bytes: number;
  respect_cache_control: boolean;
  semantic?: SemanticCacheSettings;
}
