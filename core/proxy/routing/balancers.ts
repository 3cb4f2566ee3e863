/**
 * Balancing strategies: each orders a pool's members, the chosen one first. State (rotation
 * counters, smooth-weighted credits) lives in a BalancerState kept in memory per snapshot
 * consumer and pool, never in the store.
 */
import type { RouteMember } from './route-members.js';

/** The strategies a consumer's `load_balancing.strategy` or a pool's `strategy` can name. */
export type Strategy = 'round_robin' | 'weighted' | 'least_connections' | 'random' | 'latency' | 'cost';

/** Per consumer and pool: a rotation counter and the smooth weighted round-robin credits. */
export interface BalancerState {
  counter: number;
  credits: Map<string, number>;
}

/** What strategies read besides their own state. */
export interface BalanceContext {
  inFlight(registryId: string): number;
  random(): number;
  /** The registry's peak-EWMA latency in ms (0 before any answer); the latency strategy reads it. */
  latency?(registryId: string): number;
  /** The member's list price (dollars per million input plus output tokens), undefined when unknown; the cost strategy reads it. */
  price?(member: RouteMember): number | undefined;
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

/**
 * Peak EWMA with power of two choices: a member's load is its latency average times (requests
 * in flight + 1); two distinct members drawn at random are compared and the lighter one is
 * chosen (cheap, and never herds every request onto one "best" member). The others follow,
 * lightest first, as fallbacks of the same reference.
 */
function latency(members: readonly RouteMember[], _state: BalancerState, context: BalanceContext): RouteMember[] {
  const load = (m: RouteMember) => (context.latency?.(m.candidate.registry.id) ?? 0) * (context.inFlight(m.candidate.registry.id) + 1);
  const i = Math.floor(context.random() * members.length);
  let j = Math.floor(context.random() * (members.length - 1));
  if (j >= i) j++;
  const chosen = load(members[j]) < load(members[i]) ? members[j] : members[i];
  const rest = members.filter((m) => m !== chosen).map((m) => ({ m, load: load(m) }));
  return [chosen, ...rest.sort((a, b) => a.load - b.load).map((x) => x.m)];
}

/**
 * Cheapest first by list price; members tied on the lowest price are taken in rotation, and
 * members with no known price come last (in their configured order).
 */
function cost(members: readonly RouteMember[], state: BalancerState, context: BalanceContext): RouteMember[] {
  const priced = members.map((m) => ({ m, price: context.price?.(m) })).filter((x): x is { m: RouteMember; price: number } => x.price !== undefined);
  const unpriced = members.filter((m) => !priced.some((x) => x.m === m));
  if (priced.length === 0) return roundRobin(members, state);
  priced.sort((a, b) => a.price - b.price);
  const cheapest = priced.filter((x) => x.price === priced[0].price).map((x) => x.m);
  const chosen = cheapest[state.counter++ % cheapest.length];
  return [chosen, ...priced.map((x) => x.m).filter((m) => m !== chosen), ...unpriced];
}

const STRATEGIES: Record<Strategy, (members: readonly RouteMember[], state: BalancerState, context: BalanceContext) => RouteMember[]> = {
  round_robin: roundRobin,
  weighted,
  least_connections: leastConnections,
  random,
  latency,
  cost,
};

/** Whether a value names a balancing strategy. */
export const isStrategy = (value: unknown): value is Strategy => typeof value === 'string' && value in STRATEGIES;

/** Orders `members` by `strategy`, the chosen member first. */
export function balance(strategy: Strategy, members: readonly RouteMember[], state: BalancerState, context: BalanceContext): RouteMember[] {
  if (members.length <= 1) return [...members];
  return STRATEGIES[strategy](members, state, context);
}
