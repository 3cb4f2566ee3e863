/**
 * Balancing strategies: each orders a pool's members, the chosen one first. State (rotation
 * counters, smooth-weighted credits) lives in a BalancerState kept in memory per snapshot
 * consumer and pool, never in the store.
 */
import type { RouteMember } from './route-members.js';

/** The strategies a consumer's `load_balancing.strategy` or a pool's `strategy` can name. */
export type Strategy = 'round_robin' | 'weighted' | 'least_connections' | 'random';

/** Per consumer and pool: a rotation counter and the smooth weighted round-robin credits. */
export interface BalancerState {
  counter: number;
  credits: Map<string, number>;
}

/** What strategies read besides their own state. */
export interface BalanceContext {
  inFlight(registryId: string): number;
  random(): number;
}

export const newBalancerState = (): BalancerState => ({ counter: 0, credits: new Map() });

function rotate<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

/** Exact rotation: member i of n serves requests i, i+n, i+2n, ... */
function roundRobin(members: readonly RouteMember[], state: BalancerState): RouteMember[] {
  return rotate(members, state.counter++);
}

/**
 * Smooth weighted round-robin (as nginx does): every member earns its weight in credits each
 * turn, the richest is chosen and pays the total. Over any window of sum(weights) requests each
 * member is chosen exactly weight times, interleaved rather than in bursts. Weight 0 is never
 * chosen while a member with weight remains.
 */
function weighted(members: readonly RouteMember[], state: BalancerState): RouteMember[] {
  const live = members.filter((m) => m.weight > 0);
  if (live.length === 0) return roundRobin(members, state);
  let total = 0;
  let best: RouteMember | undefined;
  let bestCredit = -Infinity;
  for (const m of live) {
    const credit = (state.credits.get(m.key) ?? 0) + m.weight;
    state.credits.set(m.key, credit);
    total += m.weight;
    if (credit > bestCredit) {
      best = m;
      bestCredit = credit;
    }
  }
  state.credits.set(best!.key, bestCredit - total);
  const rest = members.filter((m) => m !== best).sort((a, b) => b.weight - a.weight);
  return [best!, ...rest];
}

/** Fewest requests in flight first; members tied on that are taken in rotation, the others follow by load. */
function leastConnections(members: readonly RouteMember[], state: BalancerState, context: BalanceContext): RouteMember[] {
  const loads = members.map((m) => ({ m, load: context.inFlight(m.candidate.registry.id) }));
  const least = Math.min(...loads.map((x) => x.load));
  const tied = loads.filter((x) => x.load === least);
  const chosen = tied[state.counter++ % tied.length].m;
  return [chosen, ...loads.filter((x) => x.m !== chosen).sort((a, b) => a.load - b.load).map((x) => x.m)];
}

/** A uniform draw for the first member; the others follow in a random order. */
function random(members: readonly RouteMember[], _state: BalancerState, context: BalanceContext): RouteMember[] {
  const out = [...members];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(context.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const STRATEGIES: Record<Strategy, (members: readonly RouteMember[], state: BalancerState, context: BalanceContext) => RouteMember[]> = {
  round_robin: roundRobin,
  weighted,
  least_connections: leastConnections,
  random,
};

/** Whether a value names a balancing strategy. */
export const isStrategy = (value: unknown): value is Strategy => typeof value === 'string' && value in STRATEGIES;

/** Orders `members` by `strategy`, the chosen member first. */
export function balance(strategy: Strategy, members: readonly RouteMember[], state: BalancerState, context: BalanceContext): RouteMember[] {
  if (members.length <= 1) return [...members];
  return STRATEGIES[strategy](members, state, context);
}
