import type { IndirectPromptInjectionSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the detector receives them: the type generated from the schema, its defaults applied. */
export type IndirectPromptInjectionSettings = Required<Generated>;

/** `$id` of the settings schema. */
export const INDIRECT_SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/indirect_prompt_injection.schema.json';
