/**
 * Settings of `topic_keyword_moderation`, as validated by
 * schemas/plugins/topic_keyword_moderation.schema.json (defaults applied before create()).
 */

/** A topic: a plain name (a built-in topic, or free text matched by its words), or a name with seed terms. */
export type TopicSpec = string | { name: string; terms?: string[] };

/** An operator regex, reported by its id. */
export interface KeywordPattern {
  id: string;
  regex: string;
  case_sensitive?: boolean;
}

/** Validated settings of the detector. */
export interface TopicKeywordModerationSettings {
  keywords: string[];
  patterns: KeywordPattern[];
  denied_topics: TopicSpec[];
  allowed_topics: TopicSpec[];
  case_sensitive: boolean;
  fold_diacritics: boolean;
  inspect_system_prompts: boolean;
  context_turns: number;
  off_topic_min_words: number;
}

/** The defaults the schema applies, for callers that build settings in code. */
export const DEFAULT_SETTINGS: TopicKeywordModerationSettings = {
  keywords: [],
  patterns: [],
  denied_topics: [],
  allowed_topics: [],
  case_sensitive: false,
  fold_diacritics: true,
  inspect_system_prompts: false,
  context_turns: 3,
  off_topic_min_words: 4,
};
