/** Settings of prompt_guard, as schemas/plugins/prompt_guard.schema.json defines them. */
import type { SegmentSource } from '../../core/guardrail/detector.js';

/** Validated settings, defaults applied. */
export interface PromptGuardSettings {
  sources: SegmentSource[];
  skip_roles: Array<'system' | 'developer' | 'user' | 'assistant' | 'tool'>;
  min_confidence: number;
  decode_encodings: boolean;
  hidden_text_confidence: number;
  allow_phrases: string[];
  max_chars: number;
}

/** `$id` of the settings schema. */
export const PROMPT_GUARD_SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/prompt_guard.schema.json';
