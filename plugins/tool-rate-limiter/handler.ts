import { countersFor, type Exchange, type McpToolCall, type PluginKit } from '../../core/plugin/index.js';
import type { LimitDecision } from '../shared/rate-windows/decision.js';
import { fixedWindow } from '../shared/rate-windows/fixed-window.js';
import { slidingWindow } from '../shared/rate-windows/sliding-window.js';
import { windowLabel, windowMs } from '../shared/rate-windows/window-length.js';
import type { ToolRateLimiterSettings } from './settings.js';
import type { ToolLimitTable } from './tool-limits.js';

/** The counter key of a call: the policy, the consumer and the tool's merged name (ids are the same on every data plane). */
export function toolCounterKey(policyId: string, ctx: Exchange, mergedName: string): string {
  return ['toolrate', policyId, ctx.consumer?.id ?? '-', encodeURIComponent(mergedName)].join(':');
}

/**
 * `admitToolCall`: counts the call against every limit of its tool, per consumer and tool. The
 * first limit that refuses undoes the counts already taken (a refused call counts nowhere) and
 * answers the reason the client reads in its `isError` result: the tool, the limit and the
 * seconds until a retry can pass. When the counter backend cannot be reached, `fault_tolerant`
 * lets the call through (logged and reported as a finding), otherwise the error fails the policy
 * closed.
 */
export async function admitToolCall(kit: PluginKit<ToolRateLimiterSettings>, limitsOf: ToolLimitTable, call: McpToolCall, ctx: Exchange): Promise<string | undefined> {
  const settings = kit.config(ctx);
  const counters = countersFor(kit.counters, settings.counter_sync, kit.log);
  const tool = call.tool.name;
  const base = toolCounterKey(kit.policy.id, ctx, tool);
  const count = settings.algorithm === 'fixed_window' ? fixedWindow : slidingWindow;
  const now = kit.clock.now();
  const taken: LimitDecision[] = [];
  try {
    for (const limit of limitsOf(tool)) {
      const length = windowMs(limit.window);
      const decision = await count(counters, `${base}:${length}`, limit.requests, length, now);
      if (!decision.allowed) {
        await Promise.all(taken.map((d) => d.undo()));
        return `rate limit of ${tool} exceeded: ${limit.requests} ${limit.requests === 1 ? 'call' : 'calls'} per ${windowLabel(limit.window)}; retry in ${decision.retryAfterSeconds} s`;
      }
      taken.push(decision);
    }
  } catch (err) {
    if (!settings.fault_tolerant) throw err;
    kit.log.warn('tool rate limit counters unavailable; call admitted (fault_tolerant)', { trace_id: ctx.traceId, tool, error: (err as Error).message });
    ctx.findings.push({ plugin: 'tool_rate_limiter', policyId: kit.policy.id, type: 'counter_unavailable', action: 'report', detail: { tool } });
  }
  return undefined;
}
