/* Generated from schemas/plugins/topic_keyword_moderation.schema.json by `npm run gen:types`. Do not edit. */

/**
 * A word or phrase to match. A * stands for any letters and digits; besides one at the end of a word, a word may hold only one ("diagnos*", "*cillin", "law*maker*"): two would let one long word take time growing with a power of its length.
 */
export type Phrase = string;
/**
 * A topic: a name, or a name with seed terms.
 */
export type Topic =
  | string
  | {
      /**
       * Topic name, reported in hits.
       */
      name: string;
      /**
       * Words or phrases that each on their own show the topic (same matching rules as keywords).
       *
       * @maxItems 1000
       */
      terms?: Phrase[];
    };

/**
 * Settings of the topic_keyword_moderation detector: denied keywords and regex patterns, denied topics, and allowed topics an input must stay within.
 */
export interface TopicKeywordModerationSettings {
  /**
   * Operating point on the detector's measured precision/recall curve: `low` reports only what it is surest of (fewest false positives), `high` catches the most at more false positives, `balanced` sits between. The measured points are published in docs/detectors/.
   */
  sensitivity?: 'low' | 'balanced' | 'high';
  /**
   * Denied words or phrases. Matched on word boundaries after case and diacritic folding ("ass" does not match "class"); the words of a phrase match across any run of spaces, punctuation or line breaks; a trailing * on a word allows an inflection ("diagnos*"). A hit names the keyword as configured here.
   *
   * @maxItems 10000
   */
  keywords?: Phrase[];
  /**
   * Denied regular expressions (RE2 syntax), tried on the text with invisible characters removed and run in linear time, so no pattern can stall the service. A hit names the pattern as pattern:<id>.
   *
   * @maxItems 200
   */
  patterns?: {
    /**
     * Name reported in hits instead of the matched text.
     */
    id: string;
    /**
     * The regular expression, without delimiters or flags, in RE2 syntax (run in linear time: no look-around or back-references).
     */
    regex: string;
    /**
     * Match case exactly (the i flag is not set).
     */
    case_sensitive?: boolean;
  }[];
  /**
   * Topics that must not be discussed. A plain string names a built-in topic (medical advice, legal advice, financial advice, politics, religion, weapons, drugs, gambling, competitors, or an alias such as "finance" or "guns") or, if none matches, a free-text topic matched by its words; an object adds seed terms.
   *
   * @maxItems 100
   */
  denied_topics?: Topic[];
  /**
   * When non-empty, an input (the last context_turns user prompts) or an output (the completion) that matches none of these topics is reported as topic.off_allowed. Same forms as denied_topics.
   *
   * @maxItems 100
   */
  allowed_topics?: Topic[];
  /**
   * Match keywords with their exact case. Topics always ignore case.
   */
  case_sensitive?: boolean;
  /**
   * Fold accents and compatibility forms before matching keywords ("médical" matches "medical", fullwidth letters match plain ones).
   */
  fold_diacritics?: boolean;
  /**
   * Also inspect system and developer messages. Off by default: the operator's own instructions often name the very topics they forbid.
   */
  inspect_system_prompts?: boolean;
  /**
   * How many of the most recent user prompts are judged together against allowed_topics, so a short follow-up keeps the topic of the turn before.
   */
  context_turns?: number;
  /**
   * Texts with fewer words than this (greetings, thanks) are never reported as off the allowed topics.
   */
  off_topic_min_words?: number;
}
