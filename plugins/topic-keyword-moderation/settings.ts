import type { Topic, TopicKeywordModerationSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the detector receives them: the type generated from the schema, its defaults applied. */
export type TopicKeywordModerationSettings = Required<Generated>;

/** A topic: a plain name (a built-in topic, or free text matched by its words), or a name with seed terms. */
export type TopicSpec = Topic;

/** An operator regex, reported by its id. */
export type KeywordPattern = TopicKeywordModerationSettings['patterns'][number];

/** The defaults the schema applies, for callers that build settings in code. */
export const DEFAULT_SETTINGS: TopicKeywordModerationSettings = {
  sensitivity: 'balanced',
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
