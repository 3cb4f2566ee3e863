/**
 * What the router and the attempt loop of one proxy plane share, all in memory: balancer
 * state (per snapshot consumer and pool, so a new snapshot starts fresh), requests in flight
 * per registry, circuit breakers and active health checks (per registry id, so they survive
 * snapshot swaps). Nothing here is written to the store.
 */
import type { EgressPolicy } from '../../http/egress-policy.js';
import type { Logger } from '../../logging/logger.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { ConsumerView, RegistryView } from '../../snapshot/views.js';
import { registryPrices } from '../../observability/request-cost.js';
import { priceFor } from '../../providers/prices.js';
import { HealthMonitor } from '../health/health-monitor.js';
import { newBalancerState, type BalanceContext, type BalancerState } from './balancers.js';
import { BreakerBoard } from './breaker-board.js';
import { InFlight } from './in-flight.js';
import { PeakEwma } from './peak-ewma.js';
import { toTarget, type RouteMember } from './route-members.js';

/** Whether a registry may take traffic now, and why not. */
export interface Availability {
  ok: boolean;
  reason?: 'unhealthy' | 'circuit_open';
  /** For an open breaker: when it starts probing (epoch ms). */
  retryAt?: number;
}

export interface RoutingRuntimeOptions {
  log: Logger;
  /** Clock of the breakers (tests may pass their own). */
  now?: () => number;
  /** Source of randomness for the random strategy and backoff jitter. */
  random?: () => number;
  /** The egress policy health checks obey (default: nothing internal). */
  egress?: EgressPolicy;
}

export class RoutingRuntime implements BalanceContext {
  readonly inFlights = new InFlight();
  /** Observed latency per registry (the latency strategy). */
  readonly latencies = new PeakEwma();
  readonly breakers: BreakerBoard;
  readonly health: HealthMonitor;
  readonly random: () => number;
  private readonly states = new WeakMap<ConsumerView, Map<string, BalancerState>>();
  /** List prices per snapshot registry and model, looked up once (the catalog lookup scans it). */
  private readonly prices = new WeakMap<RegistryView, Map<string, number | undefined>>();

  constructor(options: RoutingRuntimeOptions) {
    this.breakers = new BreakerBoard(options.now);
    this.health = new HealthMonitor(options.log, options.egress);
    this.random = options.random ?? Math.random;
  }

  inFlight(registryId: string): number {
    return this.inFlights.get(registryId);
  }

  latency(registryId: string): number {
    return this.latencies.latency(registryId);
  }

  /** The member's upstream model's list price (input plus output, dollars per million tokens), cached per snapshot registry. */
  price(m: RouteMember): number | undefined {
    const registry = m.candidate.registry;
    let byModel = this.prices.get(registry);
    if (!byModel) this.prices.set(registry, (byModel = new Map()));
    const model = toTarget(m).model;
    if (!byModel.has(model)) {
      const price = priceFor(model, registryPrices(registry));
      byModel.set(model, price ? price.input + price.output : undefined);
    }
    return byModel.get(model);
  }

  /** Balancer state of one consumer's pool (`auto`, `pool:fast`, a reference). */
  balancerState(consumer: ConsumerView, scope: string): BalancerState {
    let byScope = this.states.get(consumer);
    if (!byScope) this.states.set(consumer, (byScope = new Map()));
    let state = byScope.get(scope);
    if (!state) byScope.set(scope, (state = newBalancerState()));
    return state;
  }

  /** Health checks first (an unhealthy registry has left its pools), then the breaker. */
  availability(registry: RegistryView): Availability {
    if (!this.health.healthy(registry.id)) return { ok: false, reason: 'unhealthy' };
    const breaker = this.breakers.for(registry);
    if (breaker && !breaker.available()) return { ok: false, reason: 'circuit_open', retryAt: breaker.retryAt };
    return { ok: true };
  }

  /** Follows a new snapshot (health checks start, retune or stop). */
  configure(snapshot: Snapshot): void {
    this.health.sync(snapshot);
  }

  async close(): Promise<void> {
    await this.health.close();
  }
}
