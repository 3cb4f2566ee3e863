import type { Dispatcher } from 'undici';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import { Rejection } from '../pipeline/rejection.js';
import { logger } from '../logging/logger.js';
import { LocalCounterStore } from '../plugin/counters.js';
import type { PluginKit } from '../plugin/types.js';
import { testEgress } from './test-egress.js';
import { GuardrailLocation, type GuardrailService } from '../plugin/guardrail-service.js';
import { registryService } from '../plugin/registry-service.js';
import type { RegistryView } from '../snapshot/views.js';
import type { McpToolService } from '../mcp/toolkit-types.js';
import { noMcpTools } from '../mcp/toolkit/tool-service.js';
import { runTeardowns, type Teardown } from '../snapshot/teardowns.js';

/** What a fake kit may be given besides settings. */
export interface FakeKitOptions {
  now?: () => number;
  egress?: Dispatcher;
  /** Registries by id (`kit.registries`); those of gateway `test-gateway` are the policy's own. */
  registries?: ReadonlyMap<string, RegistryView>;
  /** Vault credential id -> secret, all of the policy's gateway (`kit.vaultSecret`). */
  vaultSecrets?: ReadonlyMap<string, string>;
  /** `kit.guardrails`; the unconfigured default when absent. */
  guardrails?: GuardrailService;
  /** `kit.mcpTools`; by default every lookup rejects with an error saying to pass this option. */
  mcpTools?: McpToolService;
}

/**
 * A PluginKit for unit-testing a plugin's handlers without a gateway. Its `egress` dispatcher
 * allows loopback (fake upstreams listen there; see test-egress.ts) unless one is given.
 */
export function fakeKit<C extends object>(
  settings: C,
  options: FakeKitOptions = {},
): PluginKit<C> & { deferred: Array<(o: Outcome) => Promise<void>>; retire(): Promise<void> } {
  const states = new WeakMap<Exchange, object>();
  const teardowns: Teardown[] = [];
  const egress = options.egress ?? testEgress().dispatcher;
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
    egress,
    revision: 1,
    registries: registryService(options.registries ?? new Map(), 'test-gateway', egress),
    vaultSecret: (id) => options.vaultSecrets?.get(id),
    guardrails: options.guardrails ?? new GuardrailLocation(),
    mcpTools: options.mcpTools ?? noMcpTools,
    onRetire: (teardown) => {
      teardowns.push(teardown);
    },
    deferred,
    /** Runs the registered teardowns, as core does when the snapshot is retired. */
    retire: () => runTeardowns(teardowns.splice(0), logger, 'test-policy'),
  };
}
