import type { Logger } from '../logging/logger.js';
import { compileChain, strictestStreamPolicy, type ChainMember } from '../pipeline/chain.js';
import type { StreamPolicy } from '../pipeline/hooks.js';
import type { PipelineHooks } from '../pipeline/hooks.js';
import type { AuthRecord, PolicyRecord } from '../records/types.js';
import type { ConfigDocument } from './config-document.js';
import { runTeardowns, type Teardown } from './teardowns.js';
import type { ConsumerView, GatewayView, RegistryView, RoleView } from './views.js';

export type { Teardown } from './teardowns.js';

/** A policy compiled for this snapshot: its validated settings and recorded taps. */
export interface PolicyInstance {
  record: PolicyRecord;
  member: ChainMember;
  /** The plugin's teardowns, run once when the snapshot is retired. */
  teardowns?: readonly Teardown[];
}

export interface SnapshotIndexes {
  gatewaysById: Map<string, GatewayView>;
  gatewaysBySlug: Map<string, GatewayView>;
  registriesById: Map<string, RegistryView>;
  rolesById: Map<string, RoleView>;
  /** gateway id -> consumer slug -> consumer. */
  consumers: Map<string, Map<string, ConsumerView>>;
  consumersById: Map<string, ConsumerView>;
  /** SHA-256 of an `ag_` key -> its auth record. */
  authsByKeyHash: Map<string, AuthRecord>;
  /** gateway id -> its OIDC auths. */
  oidcAuths: Map<string, AuthRecord[]>;
  policies: Map<string, PolicyInstance>;
  /** chain key -> policy ids in the chain. */
  chainPolicies: Map<string, string[]>;
  /** Vault credential id -> its gateway and decrypted secret, for plugins that reference one. Never logged. */
  vaultSecrets?: Map<string, { gatewayId: string; secret: string }>;
}

/**
 * The immutable compiled config a data plane serves from. Built once per config revision and
 * swapped atomically; in-flight requests finish on the snapshot they started with. Policy
 * chains are compiled lazily, once per distinct policy set, and cached here.
 */
export class Snapshot {
  private readonly chains = new Map<string, PipelineHooks>();
  private readonly chainTypes = new Map<string, readonly string[]>();
  private readonly chainStreamPolicies = new Map<string, StreamPolicy>();
  /** Hooks for the stages that run before the consumer is known (authenticate, resolveConsumer). */
  readonly entryHooks: PipelineHooks;
  /** Proxy requests running on this snapshot (see `hold`). */
  private inFlight = 0;
  /** Set once the snapshot is retired; settles when the teardowns have run. */
  private retiring?: Promise<void>;
  private drained?: () => void;

  constructor(
    readonly revision: number,
    readonly document: ConfigDocument,
    readonly indexes: SnapshotIndexes,
    private readonly coreMembers: readonly ChainMember[],
    private readonly log: Logger,
    /** Data other planes compiled from the same document (guardrail policies, ...). */
    readonly extensions: ReadonlyMap<string, unknown> = new Map(),
  ) {
    this.entryHooks = compileChain(coreMembers, log);
  }

  gatewayBySlug(slug: string): GatewayView | undefined {
    return this.indexes.gatewaysBySlug.get(slug);
  }

  gateway(id: string): GatewayView | undefined {
    return this.indexes.gatewaysById.get(id);
  }

  consumer(gatewayId: string, slug: string): ConsumerView | undefined {
    return this.indexes.consumers.get(gatewayId)?.get(slug);
  }

  registry(id: string): RegistryView | undefined {
    return this.indexes.registriesById.get(id);
  }

  authByKeyHash(hash: string): AuthRecord | undefined {
    return this.indexes.authsByKeyHash.get(hash);
  }

  oidcAuths(gatewayId: string): readonly AuthRecord[] {
    return this.indexes.oidcAuths.get(gatewayId) ?? [];
  }

  /**
   * Marks a request as running on this snapshot until the returned release is called (once the
   * request has settled), so a retired snapshot tears its plugins down only after it.
   */
  hold(): () => void {
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.inFlight === 0) this.drained?.();
    };
  }

  /**
   * Retires the snapshot: once no held request runs on it any more, runs every policy's
   * teardowns (`kit.onRetire`), each once. Calling it again returns the same promise.
   */
  retire(): Promise<void> {
    this.retiring ??= new Promise<void>((resolve) => {
      if (this.inFlight === 0) resolve();
      else this.drained = resolve;
    }).then(() => this.runTeardowns());
    return this.retiring;
  }

  private async runTeardowns(): Promise<void> {
    await Promise.all([...this.indexes.policies.values()].map((p) => (p.teardowns?.length ? runTeardowns(p.teardowns, this.log, p.record._id) : undefined)));
  }

  /** The policy instances in a consumer's chain, in attachment order. */
  policiesFor(consumer: ConsumerView): PolicyInstance[] {
    return (this.indexes.chainPolicies.get(consumer.chainKey) ?? []).map((id) => this.indexes.policies.get(id)!);
  }

  /** The plugin types of the consumer's policies, in chain order (the metrics event lists them on every request). */
  policyTypesFor(consumer: ConsumerView): readonly string[] {
    let types = this.chainTypes.get(consumer.chainKey);
    if (!types) this.chainTypes.set(consumer.chainKey, (types = this.policiesFor(consumer).map((p) => p.record.type)));
    return types;
  }

  /** The strictest stream policy of the consumer's policies (buffer > window > passthrough), computed once per policy set. */
  streamPolicyFor(consumer: ConsumerView): StreamPolicy {
    let policy = this.chainStreamPolicies.get(consumer.chainKey);
    if (!policy) this.chainStreamPolicies.set(consumer.chainKey, (policy = strictestStreamPolicy(this.policiesFor(consumer).map((p) => p.member))));
    return policy;
  }

  /** The consumer's compiled chain (core taps + global and attached enabled policies). */
  chainFor(consumer: ConsumerView): PipelineHooks {
    let hooks = this.chains.get(consumer.chainKey);
    if (!hooks) {
      const members = [...this.coreMembers, ...this.policiesFor(consumer).map((p) => p.member)];
      hooks = compileChain(members, this.log);
      this.chains.set(consumer.chainKey, hooks);
    }
    return hooks;
  }
}
