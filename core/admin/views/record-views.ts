/**
 * Stored records as the admin API shows them: `_id` becomes `id`, and what is write-only or
 * internal never leaves: sealed keys and secrets, key hashes, machine-credential secret hashes.
 * Each view lists the fields it returns, so a field added to the store is not shown by accident.
 */
import type {
  AuthRecord,
  BaseRecord,
  ConsumerRecord,
  GatewayRecord,
  PolicyRecord,
  RegistryRecord,
  RoleRecord,
  VaultCredentialRecord,
} from '../../records/types.js';

/** A record as an API shows it. */
export type View = Record<string, unknown>;

/** A record as an API shows it: its `id`, the named fields that are present, and its timestamps. */
export function recordView(record: BaseRecord, fields: readonly string[]): View {
  const out: View = { id: record._id };
  for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
  out.created_at = record.created_at;
  out.updated_at = record.updated_at;
  return out;
}

/** A gateway as the API shows it. */
export function gatewayView(record: GatewayRecord): View {
  return recordView(record, ['slug', 'name', 'tenant_id', 'entitlements']);
}

/** A registry as the API shows it: the key is never shown, only whether one is stored. */
export function registryView(record: RegistryRecord): View {
  const view = recordView(record, ['gateway_id', 'slug', 'name', 'type', 'provider', 'base_url', 'options', 'models', 'capabilities', 'health_check', 'circuit_breaker']);
  if (record.auth) {
    const auth: View = { has_api_key: record.auth.api_key_sealed !== undefined };
    if (record.auth.credential_id) auth.credential_id = record.auth.credential_id;
    if (record.auth.header) auth.header = record.auth.header;
    if (record.auth.oauth) {
      const { client_secret_sealed, ...oauth } = record.auth.oauth;
      auth.oauth = { ...oauth, has_client_secret: client_secret_sealed !== undefined };
    }
    view.auth = auth;
  }
  return view;
}

/** A consumer as the API shows it. */
export function consumerView(record: ConsumerRecord): View {
  return recordView(record, [
    'gateway_id', 'slug', 'name', 'routing_mode', 'registries', 'model_policies', 'load_balancing', 'fallback', 'pools', 'retry', 'timeouts', 'tags', 'tools',
    'auth_ids', 'policy_ids', 'role_ids',
  ]);
}

/** A role as the API shows it. */
export function roleView(record: RoleRecord): View {
  return recordView(record, ['gateway_id', 'name', 'match', 'registries', 'model_policies', 'tool_sets']);
}

/** A policy as the API shows it. */
export function policyView(record: PolicyRecord): View {
  return recordView(record, ['gateway_id', 'slug', 'name', 'type', 'settings', 'stages', 'enabled', 'priority', 'parallel', 'global']);
}

/** An auth as listed: key prefix and last four, never the key or its hash. */
export function authView(record: AuthRecord): View {
  return recordView(record, ['gateway_id', 'name', 'type', 'key_prefix', 'key_last4', 'oidc']);
}

/** A vault credential without its secret. */
export function vaultCredentialView(record: VaultCredentialRecord): View {
  return recordView(record, ['gateway_id', 'name', 'description']);
}

/** A machine credential without its secret hash. */
export function machineCredentialView(record: BaseRecord): View {
  return recordView(record, ['name', 'client_id', 'roles', 'tenant_id', 'created_by']);
}
