import type { ToolGovernanceSettings as Generated } from '../../core/plugin/index.js';

/** Settings as the plugin receives them: the type generated from the schema, its defaults applied. */
export type ToolGovernanceSettings = Generated & Required<Pick<Generated, 'deny' | 'declared_action' | 'response_action'>>;
