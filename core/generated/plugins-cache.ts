/* Generated from schemas/plugins/cache.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the cache policy: an exact-match response cache keyed on the canonical request (streaming flags aside) within the consumer's scope (gateway, consumer, route and config revision), bounded by entries and bytes, entries expiring after ttl_seconds. Streamed answers are stored and replayed as streams. Answers carry X-AG-Cache: hit or miss. Cache-Control: no-cache skips the lookup, no-store also skips storing. Optional semantic mode answers a prompt from the most similar stored one.
 */
export interface CacheSettings {
  /**
   * How long an answer is served from the cache.
   */
  ttl_seconds?: number;
  /**
   * Most answers kept; the least recently used go first.
   */
  max_entries?: number;
  /**
   * Most bytes of answers kept (their JSON size); the least recently used go first.
   */
  max_bytes?: number;
  /**
   * Answers larger than this are not stored.
   */
  max_entry_bytes?: number;
  /**
   * Honour the client's Cache-Control request header (no-cache: fresh answer, still stored; no-store: not stored either).
   */
  respect_cache_control?: boolean;
  /**
   * Semantic mode: when no exact entry matches, the answer of the most similar earlier prompt (cosine similarity of embeddings at or above threshold) with the same model, tools and parameters is served. Embeddings come from an embedding-capable registry of the gateway speaking the OpenAI /embeddings format; when it fails the request goes upstream.
   */
  semantic?: {
    /**
     * The embedding registry's slug or id.
     */
    registry: string;
    /**
     * The embedding model (for example text-embedding-3-small).
     */
    model: string;
    /**
     * Cosine similarity from which a stored answer is served (1 = identical meaning only).
     */
    threshold?: number;
    /**
     * Embedding call timeout.
     */
    timeout_ms?: number;
    /**
     * Prompts remembered per scope for similarity search; the oldest are forgotten first.
     */
    max_candidates?: number;
  };
}
