import type { Dispatcher } from 'undici';
import type { Logger } from '../logging/logger.js';
import type { ChainMember } from '../pipeline/chain.js';
import type { StreamPolicy } from '../pipeline/hooks.js';
import { Rejection } from '../pipeline/rejection.js';
import { STAGE } from '../pipeline/stages.js';
import type { CounterStore } from '../plugin/counters.js';
import type { PluginHost } from '../plugin/host.js';
import { recordTaps, type RecordedTap } from '../plugin/tap-recorder.js';
import type { PluginDefinition, PluginKit } from '../plugin/types.js';
import type { Exchange, Outcome } from '../pipeline/exchange.js';
import type { PolicyRecord } from '../records/types.js';
import type { PolicyInstance, Teardown } from './snapshot.js';
import { runTeardowns } from './teardowns.js';
import type { GuardrailService } from '../plugin/guardrail-service.js';
import { registryService } from '../plugin/registry-service.js';
import type { RegistryView } from './views.js';
import { mcpToolService } from '../mcp/toolkit/tool-service.js';
import type { McpUpstreams } from '../mcp/upstream/upstream-pool.js';

/** Categories whose broken policy must stop traffic for its scope rather than vanish. */
const FAIL_CLOSED_CATEGORIES = new Set(['auth', 'policy', 'guardrail']);

export interface PolicyBuildContext {
  host: PluginHost;
  counters: CounterStore;
  log: Logger;
  /** The egress policy's dispatcher, handed to plugins as `kit.egress`. */
  egress: Dispatcher;
  /** The config revision being built (`kit.revision`). */
  revision: number;
  /** The snapshot's registries by id (`kit.registries` serves the policy's gateway's). */
  registries: ReadonlyMap<string, RegistryView>;
  /** Vault credential id -> its gateway and decrypted secret (`kit.vaultSecret`). */
  vaultSecrets: ReadonlyMap<string, { gatewayId: string; secret: string }>;
  /** `kit.guardrails`. */
  guardrails: GuardrailService;
  /** The process's MCP upstreams behind `kit.mcpTools`; absent where no proxy plane runs (lookups then reject). */
  mcpUpstreams?: McpUpstreams;
}

function kitFor(definition: PluginDefinition<object>, record: PolicyRecord, settings: object, ctx: PolicyBuildContext, teardowns: Teardown[]): PluginKit<object> {
  const stateKey = `${definition.name}:${record._id}`;
  const frozen = Object.freeze(settings);
  return {
    config: () => frozen,
    state<T extends object>(exchange: Exchange): T {
      let state = exchange.pluginState.get(stateKey);
      if (!state) {
        state = {};
        exchange.pluginState.set(stateKey, state);
      }
      return state as T;
    },
    defer(exchange: Exchange, fn: (outcome: Outcome) => Promise<void>) {
      exchange.deferred.push(fn);
    },
    reject: (code, detail) => new Rejection(code, detail),
    policy: { id: record._id, slug: record.slug, gatewayId: record.gateway_id },
    log: ctx.log.child({ plugin: definition.name, policy_id: record._id }),
    counters: ctx.counters,
    clock: { now: () => Date.now() },
    egress: ctx.egress,
    revision: ctx.revision,
    registries: registryService(ctx.registries, record.gateway_id, ctx.egress),
    vaultSecret(credentialId) {
      const credential = ctx.vaultSecrets.get(credentialId);
      return credential?.gatewayId === record.gateway_id ? credential.secret : undefined;
    },
    guardrails: ctx.guardrails,
    mcpTools: mcpToolService(ctx.registries, record.gateway_id, ctx.mcpUpstreams, ctx.log),
    onRetire(teardown) {
      if (typeof teardown !== 'function') throw new TypeError(`plugin ${definition.name}: onRetire takes a function`);
      teardowns.push(teardown);
    },
  };
}


/** The plugin's declared stream policy, else the default its taps imply (see PluginDefinition.streamPolicy). */
function streamPolicyOf(definition: PluginDefinition<object>, taps: readonly RecordedTap[]): StreamPolicy {
  if (definition.streamPolicy) return definition.streamPolicy;
  if (taps.some((t) => t.hook === 'transformOutput' || t.hook === 'checkOutput')) return 'buffer';
  return taps.some((t) => t.hook === 'checkStream') ? 'window' : 'passthrough';
}

/** A member that refuses every request of its scope: a broken security policy fails closed. */
function quarantined(record: PolicyRecord, reason: string): ChainMember {
  const tap: RecordedTap = {
    hook: 'admit',
    stage: STAGE.FIRST,
    sync: false,
    fn: (async () => new Rejection('plugin_failed', { message: `policy ${record.slug} is unavailable: ${reason}` })) as RecordedTap['fn'],
  };
  return { plugin: record.type, policyId: record._id, priority: record.priority, parallel: false, failureMode: 'closed', taps: [tap] };
}

/**
 * Compiles one policy record: validates its settings against the plugin's schema (an invalid
 * stored instance is quarantined) and runs the plugin's `setup` once, recording its taps.
 * A policy's `stages`, when set, narrows which of the plugin's taps it uses.
 */
export async function buildPolicyInstance(record: PolicyRecord, ctx: PolicyBuildContext): Promise<PolicyInstance | undefined> {
  const definition = ctx.host.plugins.get(record.type);
  if (!definition) {
    ctx.log.error('policy of unknown type quarantined', { policy_id: record._id, type: record.type });
    return { record, member: quarantined(record, `unknown type ${record.type}`) };
  }
  const teardowns: Teardown[] = [];
  try {
    const settings = ctx.host.validateSettings(record.type, record.settings);
    const recorder = recordTaps(definition.name, definition.stages);
    await definition.setup(recorder.hooks, kitFor(definition, record, settings, ctx, teardowns));
    const stages = record.stages?.length ? new Set(record.stages) : undefined;
    const taps = stages ? recorder.taps.filter((t) => stages.has(t.hook)) : recorder.taps;
    const failureMode = definition.failureMode ?? (FAIL_CLOSED_CATEGORIES.has(definition.category) ? 'closed' : 'open');
    return {
      record,
      teardowns,
      member: {
        plugin: definition.name,
        policyId: record._id,
        priority: record.priority ?? 0,
        parallel: !!record.parallel,
        failureMode,
        streamPolicy: streamPolicyOf(definition, taps),
        taps,
      },
    };
  } catch (err) {
    const reason = (err as Error).message;
    ctx.log.error('policy quarantined', { policy_id: record._id, type: record.type, error: reason });
    // What a failed setup opened is closed now: no snapshot will ever serve it.
    await runTeardowns(teardowns, ctx.log, record._id);
    if (FAIL_CLOSED_CATEGORIES.has(definition.category)) return { record, member: quarantined(record, reason) };
    return undefined;
  }
}
