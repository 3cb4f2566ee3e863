/**
 * Settings of `doc_analyzer`, as validated by schemas/plugins/doc_analyzer.schema.json
 * (defaults applied before create()).
 */
import type { SegmentSource } from '../../core/guardrail/detector.js';

/** Validated settings of the detector. */
export interface DocAnalyzerSettings {
  max_bytes: number;
  max_pages: number;
  max_text_chars: number;
  max_expanded_bytes: number;
  hidden_text_min_chars: number;
  segment_sources: SegmentSource[];
}

/** The defaults the schema applies, for callers that build settings in code. */
export const DEFAULT_SETTINGS: DocAnalyzerSettings = {
  max_bytes: 10 * 1024 * 1024,
  max_pages: 50,
  max_text_chars: 200_000,
  max_expanded_bytes: 50 * 1024 * 1024,
  hidden_text_min_chars: 12,
  segment_sources: ['document', 'tool_result'],
};
