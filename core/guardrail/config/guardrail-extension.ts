/**
 * Registers the guardrail service's collections with the config snapshot on import, so they
 * are loaded with the rest of the config, shipped to guardrail data planes, and compiled once
 * per snapshot. Imported by plane.ts, which bootstrap imports before the first snapshot.
 */
import { registerConfigExtension } from '../../snapshot/extensions.js';
import type { Snapshot } from '../../snapshot/snapshot.js';
import type { Store } from '../../store/types.js';
import { EMPTY_GUARDRAIL_CONFIG, type GuardrailConfig } from './compiled-config.js';
import { compileGuardrailConfig } from './compile-guardrail-config.js';
import { GUARDRAIL_COLLECTIONS } from './records.js';

/** Key of the compiled config in `snapshot.extensions`. */
const GUARDRAIL_EXTENSION = 'guardrail';

registerConfigExtension({
  name: GUARDRAIL_EXTENSION,
  collections: Object.values(GUARDRAIL_COLLECTIONS),
  compile: (document, _indexes, context) => compileGuardrailConfig(document, context),
});

/** The guardrail config compiled into a snapshot. */
export function guardrailConfigOf(snapshot: Snapshot): GuardrailConfig {
  return (snapshot.extensions.get(GUARDRAIL_EXTENSION) as GuardrailConfig | undefined) ?? EMPTY_GUARDRAIL_CONFIG;
}

/** Creates the collections and their indexes (idempotent); the store side only. */
export async function ensureGuardrailCollections(store: Store): Promise<void> {
  await store.ensureCollection(GUARDRAIL_COLLECTIONS.collectors, { indexes: [{ key: { tenant_id: 1 } }] });
  await store.ensureCollection(GUARDRAIL_COLLECTIONS.collectorKeys, { indexes: [{ key: { key_hash: 1 }, unique: true }, { key: { collector_id: 1 } }] });
  await store.ensureCollection(GUARDRAIL_COLLECTIONS.policies, { indexes: [{ key: { tenant_id: 1 } }] });
}
