/**
 * The records a policy's settings name (the plugin's `references`: a semantic cache's embedding
 * registry, the guardrails policy's vault credential) must exist in the policy's gateway when
 * the policy is written; otherwise 422 naming the setting. A reference found missing only at
 * request time would fail every request of the consumers the policy applies to.
 */
import type { SettingsReference } from '../../plugin/types.js';
import { COLLECTIONS } from '../../records/types.js';
import type { Store } from '../../store/types.js';
import { refuse } from '../http/json-body.js';

/** The value at a JSON pointer (RFC 6901) of `settings`, or undefined when a step is missing. */
function valueAt(settings: unknown, pointer: string): unknown {
  let node = settings;
  for (const raw of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** Whether the record a reference names exists in the gateway. */
async function exists(store: Store, gatewayId: string, kind: SettingsReference['kind'], value: string): Promise<boolean> {
  if (kind === 'vault_credential') return !!(await store.collection(COLLECTIONS.vaultCredentials).findOne({ _id: value, gateway_id: gatewayId }));
  // A registry is named by its slug or its id.
  const registries = store.collection(COLLECTIONS.registries);
  return !!((await registries.findOne({ _id: value, gateway_id: gatewayId })) ?? (await registries.findOne({ slug: value, gateway_id: gatewayId })));
}

/** Throws 422 `/settings<pointer>` for the first referenced record that does not exist. */
export async function checkPolicyReferences(store: Store, gatewayId: string, references: readonly SettingsReference[] | undefined, settings: unknown): Promise<void> {
  for (const reference of references ?? []) {
    const value = valueAt(settings, reference.pointer);
    if (typeof value !== 'string') continue;
    if (!(await exists(store, gatewayId, reference.kind, value))) {
      const what = reference.kind === 'registry' ? 'a registry (slug or id)' : 'a vault credential';
      throw refuse(`/settings${reference.pointer} "${value}" is not ${what} of this gateway`);
    }
  }
}
