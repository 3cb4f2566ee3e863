import type { Store } from '../store/types.js';
import { COLLECTIONS } from './types.js';

/** Creates the config collections with their indexes (idempotent). */
export async function ensureConfigCollections(store: Store): Promise<void> {
  await store.ensureCollection(COLLECTIONS.gateways, { indexes: [{ key: { slug: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.registries, { indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.consumers, { indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.roles, { indexes: [{ key: { gateway_id: 1, name: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.policies, { indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.auths, { indexes: [{ key: { key_hash: 1 }, unique: true, sparse: true }] });
  await store.ensureCollection(COLLECTIONS.vaultCredentials, {});
  await store.ensureCollection(COLLECTIONS.machineCredentials, { indexes: [{ key: { client_id: 1 }, unique: true }] });
  await store.ensureCollection(COLLECTIONS.meta, {});
}
