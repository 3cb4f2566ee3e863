import type { DocAnalyzerSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the detector receives them: the type generated from the schema, its defaults applied. */
export type DocAnalyzerSettings = Required<Generated>;

/** The defaults the schema applies, for callers that build settings in code. */
export const DEFAULT_SETTINGS: DocAnalyzerSettings = {
  sensitivity: 'balanced',
  max_bytes: 10 * 1024 * 1024,
  max_pages: 50,
  max_text_chars: 200_000,
  max_expanded_bytes: 50 * 1024 * 1024,
  hidden_text_min_chars: 12,
  segment_sources: ['document', 'tool_result'],
};
