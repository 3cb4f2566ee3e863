/**
 * Steps every route plan shares, chat or not: the consumer's balancing strategy, choosing the
 * member among those taking traffic now, the plan's reason, and the 503 when none is left.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { ConsumerView } from '../../snapshot/views.js';
import { balance, isStrategy, type Strategy } from './balancers.js';
import { poolName } from './pools.js';
import { isAuto } from './resolve-model.js';
import type { RouteDecisionLog } from './route-decision.js';
import type { RouteMember } from './route-members.js';
import type { Availability, RoutingRuntime } from './routing-runtime.js';

/** A reference resolved to its members, with the strategy and balancer state that choose among them. */
export interface ResolvedReference {
  members: RouteMember[];
  strategy: Strategy;
  /** Balancer state key within the consumer. */
  scope: string;
}

/** The consumer's strategy for `auto` and references with several members (smart routing balances within a tier by round robin). */
export function consumerStrategy(consumer: ConsumerView): Strategy {
  const strategy = consumer.record.load_balancing?.strategy;
  return isStrategy(strategy) ? strategy : 'round_robin';
}

/** The member the strategy picks among the available ones, and why the others were left out (also into `decision`, when given). */
export function chooseMember(
  resolved: ResolvedReference,
  consumer: ConsumerView,
  routing: RoutingRuntime,
  decision?: RouteDecisionLog,
): { member?: RouteMember; blocked: Availability[] } {
  const available: RouteMember[] = [];
  const blocked: Availability[] = [];
  for (const m of resolved.members) {
    const availability = routing.availability(m.candidate.registry);
    if (availability.ok) available.push(m);
    else {
      blocked.push(availability);
      decision?.candidate(resolved.scope, m, 'dropped', availability.reason);
    }
  }
  if (available.length === 0) return { blocked };
  const member = balance(resolved.strategy, available, routing.balancerState(consumer, resolved.scope), routing)[0];
  if (decision) for (const m of available) decision.candidate(resolved.scope, m, m === member ? 'target' : 'standby');
  return { member, blocked };
}

/** Why the plan's primary target was chosen: `auto:<strategy>`, `pool:<name>`, `pin` or `explicit`. */
export function planReason(reference: string | undefined, strategy: Strategy): string {
  if (reference === undefined || isAuto(reference)) return `auto:${strategy}`;
  const pool = poolName(reference);
  if (pool) return `pool:${pool}`;
  return reference.startsWith('@') ? 'pin' : 'explicit';
}

/** The 503 when every registry that could serve the request is shed; Retry-After when a breaker will probe soon. */
export function nothingAvailable(blocked: Availability[]): GatewayError {
  const retryAt = blocked.map((b) => b.retryAt).filter((t): t is number => t !== undefined);
  const headers: Record<string, string> = {};
  if (retryAt.length) headers['retry-after'] = String(Math.max(1, Math.ceil((Math.min(...retryAt) - Date.now()) / 1000)));
  const why = [...new Set(blocked.map((b) => (b.reason === 'unhealthy' ? 'failing health checks' : 'circuit breaker open')))].join(', ');
  return new GatewayError('no_capable_registry', { message: `every registry that can serve this request is unavailable (${why || 'none left'})`, headers });
}
