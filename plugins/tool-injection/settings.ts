import type { ToolInjectionSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type ToolInjectionSettings = Generated & Required<Pick<Generated, 'timeout_ms' | 'retry_after_ms'>>;

/** `$id` of the settings schema. */
export const SCHEMA_ID = 'https://portcullis.dev/schemas/plugins/tool_injection.schema.json';

/** How many registries a policy may name (the schema's `maxItems`): the admin API checks each. */
export const MAX_REGISTRIES = 10;
