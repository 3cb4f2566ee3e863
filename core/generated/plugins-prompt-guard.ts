/* Generated from schemas/plugins/prompt_guard.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the prompt_guard detector: jailbreaks and direct prompt injection (instruction override, persona jailbreaks, system-prompt extraction, obfuscated and hidden payloads, many-shot dialogues), scored 0..1 by an in-process model.
 */
export interface PromptGuardSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Segment sources to scan. The detector is meant for the input direction (`prompt`); add others to scan completions, tool traffic or documents too.
   *
   * @minItems 1
   */
  sources?: ('prompt' | 'completion' | 'tool_call' | 'tool_result' | 'document')[];
  /**
   * Message roles never scanned. System and developer messages are the operator's own instructions, so they are skipped by default.
   */
  skip_roles?: ('system' | 'developer' | 'user' | 'assistant' | 'tool')[];
  /**
   * Scores below this are not reported at all. A rule still fires only when the score reaches its own threshold.
   */
  min_confidence?: number;
  /**
   * Decode base64, hex, percent-encoded, ROT13 and reversed payloads and score what they say.
   */
  decode_encodings?: boolean;
  /**
   * Score given at least to a text that hides words in Unicode tag characters (U+E0000 block); 0 turns the floor off and leaves the decoded text to the model alone.
   */
  hidden_text_confidence?: number;
  /**
   * Phrases removed (case-insensitively, after Unicode folding) before scoring, for wording that is normal in this deployment.
   *
   * @maxItems 200
   */
  allow_phrases?: string[];
  /**
   * A longer segment is scored on its first and its last `max_chars` characters, to bound the cost of one evaluation.
   */
  max_chars?: number;
}
