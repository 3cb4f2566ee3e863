import { compileNamePattern } from '../shared/names/glob.js';
import type { ToolCallLimit, ToolRateLimiterSettings } from './settings.js';

/** The limits that apply to a tool, by its merged name. */
export type ToolLimitTable = (mergedName: string) => readonly ToolCallLimit[];

/**
 * Compiles `limits` and `overrides` once per policy instance: the first override whose pattern
 * matches a merged name gives its limits, else `limits`. Answers are remembered per name (the
 * names are those of the consumer's toolkit, a bounded set: unknown tools never reach the gate).
 */
export function compileToolLimits(settings: Pick<ToolRateLimiterSettings, 'limits' | 'overrides'>): ToolLimitTable {
  const overrides = settings.overrides.map((o) => ({ matches: compileNamePattern(o.tool), limits: o.limits }));
  const known = new Map<string, readonly ToolCallLimit[]>();
  return (name) => {
    let limits = known.get(name);
    if (!limits) {
      limits = overrides.find((o) => o.matches(name))?.limits ?? settings.limits;
      known.set(name, limits);
    }
    return limits;
  };
}
