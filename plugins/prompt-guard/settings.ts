import type { PromptGuardSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the detector receives them: the type generated from the schema, its defaults applied. */
export type PromptGuardSettings = Required<Generated>;

/** `$id` of the settings schema. */
export const PROMPT_GUARD_SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/prompt_guard.schema.json';
