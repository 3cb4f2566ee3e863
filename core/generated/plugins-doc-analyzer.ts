/* Generated from schemas/plugins/doc_analyzer.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the doc_analyzer detector. It reads PDF, DOCX, HTML and plain-text attachments within these limits and reports hidden text, invisible or smuggled Unicode, instructions in hidden text or metadata, and documents too large or broken to inspect. A document over a limit is reported as doc.too_large, never an error.
 */
export interface DocAnalyzerSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Largest attachment read, in decoded bytes. A larger one is not parsed at all and is reported as doc.too_large (entity bytes).
   */
  max_bytes?: number;
  /**
   * PDF pages read. Later pages are skipped and the document is reported as doc.too_large (entity pages).
   */
  max_pages?: number;
  /**
   * Extracted characters kept per document; the rest is cut and reported as doc.too_large (entity text_chars).
   */
  max_text_chars?: number;
  /**
   * Largest total uncompressed size a DOCX package may declare (zip-bomb guard); a larger one is reported as doc.too_large (entity expanded_bytes) without being inflated.
   */
  max_expanded_bytes?: number;
  /**
   * Fewest non-space characters of hidden text, per hiding technique, before doc.hidden_text is reported (stray white spaces and one-letter spacers are common). Hidden instructions are scored at any length.
   */
  hidden_text_min_chars?: number;
  /**
   * Sources of text segments (besides attachments) scanned for invisible or smuggled Unicode and, when they hold HTML, for hidden elements.
   *
   * Items: A segment source.
   */
  segment_sources?: ('prompt' | 'completion' | 'tool_call' | 'tool_result' | 'document')[];
}
