import type { ToolGovernanceSettings } from './settings.js';

/** One name pattern: exact, or with `*` standing for any run of characters. */
function compile(pattern: string): (name: string) => boolean {
  if (!pattern.includes('*')) return (name) => name === pattern;
  const source = pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  const regex = new RegExp(`^${source}$`, 's');
  return (name) => regex.test(name);
}

/** Whether a tool name may be used: not denied, and allowed when an allow list is set. Deny wins. */
export type ToolPolicy = (name: string) => boolean;

/** Compiles the allow and deny lists once per policy. */
export function compileToolPolicy(settings: Pick<ToolGovernanceSettings, 'allow' | 'deny'>): ToolPolicy {
  const deny = settings.deny.map(compile);
  const allow = settings.allow?.map(compile);
  return (name) => !deny.some((m) => m(name)) && (!allow || allow.some((m) => m(name)));
}
