/**
 * Compiles a policy chain: a fresh hooks object tapped with the recorded taps of the core's
 * built-in taps and the chain's policies, ordered by stage, then by policy priority (higher
 * first). Policies marked `parallel` that share a hook and stage run concurrently. A chain is
 * compiled once per snapshot per distinct policy set and shared by every consumer with that set.
 */
import type { Logger } from '../logging/logger.js';
import type { RecordedTap } from '../plugin/tap-recorder.js';
import { createPipelineHooks, traitsOf, type HookName, type PipelineHooks, type StreamPolicy } from './hooks.js';
import { intercept } from './interceptors.js';
import { appendTo } from '../collections/map-of-lists.js';

/** The taps of one policy instance (or of the core), with how to order and guard them. */
export interface ChainMember {
  plugin: string;
  policyId?: string;
  priority: number;
  parallel: boolean;
  failureMode: 'closed' | 'open';
  /** How its output checks see streamed answers; none for the core's members. */
  streamPolicy?: StreamPolicy;
  taps: readonly RecordedTap[];
}

interface PlacedTap extends RecordedTap {
  member: ChainMember;
  order: number;
}

type AnyTapFn = (...args: unknown[]) => unknown;

/** Runs a group of same-stage parallel taps concurrently; a bail group returns the first answer by priority. */
function groupTap(hook: HookName, fns: AnyTapFn[]): AnyTapFn {
  if (traitsOf(hook).bail) {
    return async (...args: unknown[]) => {
      const results = await Promise.all(fns.map((fn) => fn(...args)));
      return results.find((r) => r !== undefined);
    };
  }
  return async (...args: unknown[]) => {
    await Promise.all(fns.map((fn) => fn(...args)));
  };
}

export function compileChain(members: readonly ChainMember[], log: Logger): PipelineHooks {
  const hooks = createPipelineHooks();
  const placed: PlacedTap[] = [];
  let order = 0;
  for (const member of members) for (const tap of member.taps) placed.push({ ...tap, member, order: order++ });
  // Stage first; within a stage, higher policy priority first; then declaration order.
  placed.sort((a, b) => a.stage - b.stage || b.member.priority - a.member.priority || a.order - b.order);

  const groups = new Map<string, PlacedTap[]>();
  for (const tap of placed) {
    const { bail, series } = traitsOf(tap.hook);
    const groupable = tap.member.parallel && !tap.sync && (bail || series);
    const id = groupable ? `${tap.hook}|${tap.key ?? ''}|${tap.stage}|parallel` : `${tap.order}`;
    appendTo(groups, id, tap);
  }

  for (const group of groups.values()) {
    const first = group[0];
    const wrapped = group.map(
      (tap) =>
        intercept(tap.fn, tap.sync, {
          hook: tap.hook,
          plugin: tap.member.plugin,
          policyId: tap.member.policyId,
          failureMode: tap.member.failureMode,
          log,
        }) as AnyTapFn,
    );
    const fn = group.length > 1 ? groupTap(first.hook, wrapped) : wrapped[0];
    const name = group.map((t) => t.member.policyId ?? t.member.plugin).join('+');
    const hook = traitsOf(first.hook).keyed
      ? (hooks[first.hook] as unknown as { for(key: string): TapTarget }).for(first.key!)
      : (hooks[first.hook] as unknown as TapTarget);
    if (first.sync) hook.tap({ name, stage: first.stage }, fn);
    else hook.tapPromise({ name, stage: first.stage }, fn as (...args: unknown[]) => Promise<unknown>);
  }
  return hooks;
}

interface TapTarget {
  tap(options: { name: string; stage: number }, fn: AnyTapFn): void;
  tapPromise(options: { name: string; stage: number }, fn: (...args: unknown[]) => Promise<unknown>): void;
}

const STRICTNESS: Record<StreamPolicy, number> = { passthrough: 0, window: 1, buffer: 2 };

/** The strictest stream policy among a chain's members (buffer > window > passthrough); passthrough when none has one. */
export function strictestStreamPolicy(members: readonly ChainMember[]): StreamPolicy {
  let strictest: StreamPolicy = 'passthrough';
  for (const { streamPolicy } of members) if (streamPolicy && STRICTNESS[streamPolicy] > STRICTNESS[strictest]) strictest = streamPolicy;
  return strictest;
}
