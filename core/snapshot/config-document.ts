/**
 * The whole configuration as plain data: every record the data planes need, with secrets still
 * sealed. A snapshot is compiled from it; the control plane ships it to data planes, which keep
 * the last one on disk.
 */
import type { Store } from '../store/types.js';
import {
  COLLECTIONS,
  type AuthRecord,
  type ConsumerRecord,
  type GatewayRecord,
  type PolicyRecord,
  type RegistryRecord,
  type RoleRecord,
  type VaultCredentialRecord,
} from '../records/types.js';

export interface ConfigDocument {
  revision: number;
  gateways: GatewayRecord[];
  registries: RegistryRecord[];
  consumers: ConsumerRecord[];
  roles: RoleRecord[];
  policies: PolicyRecord[];
  auths: AuthRecord[];
  vault_credentials: VaultCredentialRecord[];
  /** Extra sections owned by other planes (guardrail collectors, keys, policies). */
  extensions?: Record<string, unknown[]>;
}

export const EMPTY_CONFIG: ConfigDocument = Object.freeze({
  revision: 0,
  gateways: [],
  registries: [],
  consumers: [],
  roles: [],
  policies: [],
  auths: [],
  vault_credentials: [],
}) as ConfigDocument;

/** The meta document holding the config revision. */
export const REVISION_ID = 'config-revision';

async function readRevision(store: Store): Promise<number> {
  const doc = await store.collection(COLLECTIONS.meta).findOne({ _id: REVISION_ID });
  return (doc?.revision as number | undefined) ?? 0;
}

/** Reads every config record from the store. */
export async function loadConfigDocument(store: Store, extensionCollections: readonly string[] = []): Promise<ConfigDocument> {
  const all = <T>(name: string) => store.collection(name).find({}) as unknown as Promise<T[]>;
  const [revision, gateways, registries, consumers, roles, policies, auths, vault_credentials] = await Promise.all([
    readRevision(store),
    all<GatewayRecord>(COLLECTIONS.gateways),
    all<RegistryRecord>(COLLECTIONS.registries),
    all<ConsumerRecord>(COLLECTIONS.consumers),
    all<RoleRecord>(COLLECTIONS.roles),
    all<PolicyRecord>(COLLECTIONS.policies),
    all<AuthRecord>(COLLECTIONS.auths),
    all<VaultCredentialRecord>(COLLECTIONS.vaultCredentials),
  ]);
  const extensions: Record<string, unknown[]> = {};
  for (const name of extensionCollections) extensions[name] = await all<unknown>(name);
  return { revision, gateways, registries, consumers, roles, policies, auths, vault_credentials, extensions };
}

/** The store update that bumps the revision: part of every admin write's batch. */
export const bumpRevisionOp = () =>
  ({ collection: COLLECTIONS.meta, op: 'update', filter: { _id: REVISION_ID }, update: { $inc: { revision: 1 } }, upsert: true }) as const;
