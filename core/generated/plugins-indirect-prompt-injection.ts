/* Generated from schemas/plugins/indirect_prompt_injection.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the indirect_prompt_injection detector: instructions addressed to the assistant hidden in tool results and tool-fetched documents, scored 0..1 by an in-process model. Only tool-sourced text is scanned.
 */
export interface IndirectPromptInjectionSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Which `document` segments count as tool-sourced: `from_tool` (role `tool`, a document a tool returned), `all` (every document, e.g. user uploads too) or `none`. `tool_result` segments are always scanned.
   */
  scan_documents?: 'from_tool' | 'all' | 'none';
  /**
   * Scores below this are not reported at all. A rule still fires only when the score reaches its own threshold.
   */
  min_confidence?: number;
  /**
   * Decode base64, hex, percent-encoded, ROT13 and reversed payloads in tool output and score what they say.
   */
  decode_encodings?: boolean;
  /**
   * Score given at least to tool output that hides words in Unicode tag characters (U+E0000 block); 0 turns the floor off.
   */
  hidden_text_confidence?: number;
  /**
   * Phrases removed (case-insensitively, after Unicode folding) before scoring, for wording the deployment's tools return normally.
   *
   * @maxItems 200
   */
  allow_phrases?: string[];
  /**
   * Longer tool output is scored on its first and last halves of this many characters, to bound the cost of one evaluation.
   */
  max_chars?: number;
}
