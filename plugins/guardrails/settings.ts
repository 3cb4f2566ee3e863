import type { GuardrailsSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type GuardrailsSettings = Generated & Required<Pick<Generated, 'directions' | 'timeout_ms' | 'failure_mode' | 'allow_ask' | 'transport' | 'stream_window_chars' | 'stream_window_context_chars' | 'scan_tool_descriptions'>>;

/** `$id` of the settings schema. */
export const SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/guardrails.schema.json';
