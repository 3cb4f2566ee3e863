/** Settings of indirect_prompt_injection, as schemas/plugins/indirect_prompt_injection.schema.json defines them. */

/** Validated settings, defaults applied. */
export interface IndirectPromptInjectionSettings {
  scan_documents: 'from_tool' | 'all' | 'none';
  min_confidence: number;
  decode_encodings: boolean;
  hidden_text_confidence: number;
  allow_phrases: string[];
  max_chars: number;
}

/** `$id` of the settings schema. */
export const INDIRECT_SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/indirect_prompt_injection.schema.json';
