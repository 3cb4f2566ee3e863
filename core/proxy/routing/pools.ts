/**
 * Named balancing pools (`pools: [{name, targets, strategy}]` on the consumer), addressed as
 * `pool:{name}`. Each target is an `@registry-or-provider/model` or native model reference;
 * members that cannot serve the route's capability (a registry without it, or a model of
 * another modality), or that the consumer may no longer use, leave the pool rather than
 * failing it.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { Capability } from '../../providers/types.js';
import type { ConsumerView, Principal } from '../../snapshot/views.js';
import { isStrategy, type Strategy } from './balancers.js';
import { memberServes } from './model-modality.js';
import { isAuto, resolveMembers } from './resolve-model.js';
import type { RouteMember } from './route-members.js';

/** One pool as the consumer record holds it. */
export interface PoolSettings {
  name: string;
  targets: string[];
  strategy?: Strategy;
}

const POOL = /^pool:(.+)$/;

/** The pool name of a `pool:{name}` reference, or undefined. */
export const poolName = (reference: string): string | undefined => POOL.exec(reference)?.[1];

/** The consumer's pool called `name`; an unknown pool is a 400 naming the model field. */
export function findPool(consumer: ConsumerView, name: string): PoolSettings {
  const pools = (consumer.record as { pools?: PoolSettings[] }).pools ?? [];
  const pool = pools.find((p) => p.name === name);
  if (!pool) throw new GatewayError('invalid_request', { message: `this consumer has no pool "${name}"`, param: 'model' });
  return pool;
}

/** The pool's strategy: its own, else `otherwise` (the consumer's). */
export const poolStrategy = (pool: PoolSettings, otherwise: Strategy): Strategy => (isStrategy(pool.strategy) ? pool.strategy : otherwise);

/** The members of a pool able to serve `capability`; none is a 503. */
export function poolMembers(pool: PoolSettings, consumer: ConsumerView, principal: Principal | undefined, capability: Capability): RouteMember[] {
  const seen = new Set<string>();
  const out: RouteMember[] = [];
  for (const target of pool.targets) {
    // A pool holds concrete models: nested pools and `auto` would make membership ambiguous.
    if (isAuto(target) || poolName(target)) continue;
    let members: RouteMember[];
    try {
      members = resolveMembers(target, consumer, principal, capability);
    } catch {
      continue;
    }
    for (const m of members) {
      if (seen.has(m.key) || !m.candidate.registry.capabilities.has(capability) || !memberServes(m, capability)) continue;
      seen.add(m.key);
      out.push(m);
    }
  }
  if (out.length === 0) throw new GatewayError('no_capable_registry', { message: `pool "${pool.name}" has no member that can serve ${capability}` });
  return out;
}
