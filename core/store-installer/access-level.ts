/**
 * A user's Store access level for one server, from the gateway's rules and the user's current
 * groups: the most permissive rule whose code (or `*`) and group (or `*`) match wins; no rule: none.
 */
import type { AccessLevel, AccessRule } from './records.js';

const RANK: Record<AccessLevel, number> = { none: 0, approval: 1, allowed: 2 };

/** The level `rules` give a user in `groups` for the server `code`. */
export function accessLevel(rules: readonly AccessRule[], code: string, groups: readonly string[]): AccessLevel {
  const member = new Set(groups);
  let level: AccessLevel = 'none';
  for (const rule of rules) {
    if (rule.code !== '*' && rule.code !== code) continue;
    if (rule.group !== '*' && !member.has(rule.group)) continue;
    if (RANK[rule.level] > RANK[level]) level = rule.level;
  }
  return level;
}
