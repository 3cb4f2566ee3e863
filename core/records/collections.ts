import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../paths/project-root.js';
import type { IndexSpec, Store } from '../store/types.js';
import { storedRecordSchema } from './stored-schema.js';
import { COLLECTIONS } from './types.js';

/** The stored-shape schema of a record, for the MongoDB validator (the embedded store ignores it). */
export function storedSchemaOf(record: string): object {
  return storedRecordSchema(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'records', `${record}.schema.json`), 'utf8')) as object);
}

/** Config collections: their record schema (file name under schemas/records) and indexes. */
export const CONFIG_COLLECTIONS: ReadonlyArray<{ name: string; record?: string; indexes: IndexSpec[] }> = [
  { name: COLLECTIONS.gateways, record: 'gateway', indexes: [{ key: { slug: 1 }, unique: true }] },
  { name: COLLECTIONS.registries, record: 'registry', indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] },
  { name: COLLECTIONS.consumers, record: 'consumer', indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] },
  { name: COLLECTIONS.roles, record: 'role', indexes: [{ key: { gateway_id: 1, name: 1 }, unique: true }] },
  { name: COLLECTIONS.policies, record: 'policy', indexes: [{ key: { gateway_id: 1, slug: 1 }, unique: true }] },
  { name: COLLECTIONS.auths, record: 'auth', indexes: [{ key: { key_hash: 1 }, unique: true, sparse: true }] },
  { name: COLLECTIONS.vaultCredentials, record: 'vault-credential', indexes: [] },
  { name: COLLECTIONS.machineCredentials, record: 'machine-credential', indexes: [{ key: { client_id: 1 }, unique: true }] },
  { name: COLLECTIONS.meta, indexes: [] },
];

/** Creates the config collections with their validators and indexes (idempotent). */
export async function ensureConfigCollections(store: Store): Promise<void> {
  for (const { name, record, indexes } of CONFIG_COLLECTIONS) {
    await store.ensureCollection(name, { schema: record ? storedSchemaOf(record) : undefined, indexes });
  }
}
