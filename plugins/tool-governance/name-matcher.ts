import type { ToolGovernanceSettings } from './settings.js';

/** One name pattern: exact, or with `*` standing for any run of characters. */
function compile(pattern: string): (name: string) => boolean {
  if (!pattern.includes('*')) return (name) => name === pattern;
  return (name) => globMatches(pattern, name);
}

/**
 * Whether `name` matches `pattern`, `*` standing for any run of characters. Literal runs are
 * matched left to right and a mismatch goes back only to the last `*`, so the time is at most
 * the product of the two lengths: the same patterns as a regular expression (`^a.*b.*c$`), whose
 * backtracking grows with the name's length to the power of the number of stars (a name a few
 * hundred characters long held a four-star pattern for seconds).
 */
export function globMatches(pattern: string, name: string): boolean {
  let p = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = n;
    } else if (p < pattern.length && pattern[p] === name[n]) {
      p++;
      n++;
    } else if (star >= 0) {
      // Let the last `*` take one more character and match the rest again from there.
      p = star + 1;
      n = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

/** Whether a tool name may be used: not denied, and allowed when an allow list is set. Deny wins. */
export type ToolPolicy = (name: string) => boolean;

/** Compiles the allow and deny lists once per policy. */
export function compileToolPolicy(settings: Pick<ToolGovernanceSettings, 'allow' | 'deny'>): ToolPolicy {
  const deny = settings.deny.map(compile);
  const allow = settings.allow?.map(compile);
  return (name) => !deny.some((m) => m(name)) && (!allow || allow.some((m) => m(name)));
}
