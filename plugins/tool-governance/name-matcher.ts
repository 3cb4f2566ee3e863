import { compileNamePattern } from '../shared/names/glob.js';
import type { ToolGovernanceSettings } from './settings.js';

/** Whether a tool name may be used: not denied, and allowed when an allow list is set. Deny wins. */
export type ToolPolicy = (name: string) => boolean;

/** Compiles the allow and deny lists once per policy. */
export function compileToolPolicy(settings: Pick<ToolGovernanceSettings, 'allow' | 'deny'>): ToolPolicy {
  const deny = settings.deny.map(compileNamePattern);
  const allow = settings.allow?.map(compileNamePattern);
  return (name) => !deny.some((m) => m(name)) && (!allow || allow.some((m) => m(name)));
}
