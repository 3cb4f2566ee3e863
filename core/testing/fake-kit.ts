import type { Dispatcher } from 'undici';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import { Rejection } from '../pipeline/rejection.js';
import { logger } from '../logging/logger.js';
import { LocalCounterStore } from '../plugin/counters.js';
import type { PluginKit } from '../plugin/types.js';
import { testEgress } from './test-egress.js';

/**
 * A PluginKit for unit-testing a plugin's handlers without a gateway. Its `egress` dispatcher
 * allows loopback (fake upstreams listen there; see test-egress.ts) unless one is given.
 */
export function fakeKit<C extends object>(settings: C, options: { now?: () => number; egress?: Dispatcher } = {}): PluginKit<C> & { deferred: Array<(o: Outcome) => Promise<void>> } {
  const states = new WeakMap<Exchange, object>();
  const deferred: Array<(o: Outcome) => Promise<void>> = [];
  const now = options.now ?? Date.now;
  return {
    config: () => Object.freeze({ ...settings }),
    state<T extends object>(ctx: Exchange): T {
      if (!states.has(ctx)) states.set(ctx, {});
      return states.get(ctx) as T;
    },
    defer: (_ctx, fn) => {
      deferred.push(fn);
    },
    reject: (code, detail) => new Rejection(code, detail),
    policy: { id: 'test-policy', slug: 'test-policy', gatewayId: 'test-gateway' },
    log: logger,
    counters: new LocalCounterStore(now),
    clock: { now },
    egress: options.egress ?? testEgress().dispatcher,
    deferred,
  };
}
