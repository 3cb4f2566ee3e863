/** The admin API's records as the console reads them (docs/admin-api.md has every field). */

export interface RecordBase {
  id: string;
  created_at?: string;
  updated_at?: string;
}

export interface Entitlements {
  tier: 'free' | 'team' | 'enterprise';
  caps: Record<string, number>;
  max_instances: number;
}

export interface Gateway extends RecordBase {
  slug: string;
  name?: string;
  tenant_id: string;
  entitlements?: Entitlements;
}

export interface Registry extends RecordBase {
  slug: string;
  name?: string;
  type: 'LLM' | 'MCP';
  provider: string;
  base_url?: string;
  models?: string[];
  auth?: { has_api_key?: boolean; header?: string; credential_id?: string };
}

export interface RegistryTestResult {
  ok: boolean;
  stage: 'resolve' | 'connect' | 'tls' | 'auth' | 'request' | 'response';
  message: string;
  status?: number;
  url?: string;
  latency_ms: number;
}

export interface CatalogProvider {
  id: string;
  name: string;
  format: string;
  base_url?: string;
  base_url_required: boolean;
}

export interface Consumer extends RecordBase {
  slug: string;
  name?: string;
  routing_mode?: 'inline' | 'role_based';
  registries?: Array<{ registry_id: string; weight?: number }>;
  model_policies?: Array<Record<string, unknown>>;
  load_balancing?: { strategy: string } & Record<string, unknown>;
  fallback?: { targets: string[]; on?: string[] } & Record<string, unknown>;
  tags?: string[];
  auth_ids?: string[];
  policy_ids?: string[];
  role_ids?: string[];
}

export interface Auth extends RecordBase {
  name?: string;
  type: 'api_key' | 'oidc';
  key_prefix?: string;
  key_last4?: string;
  /** Only in the create answer of an api_key auth. */
  key?: string;
}

export interface Policy extends RecordBase {
  slug: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
  stages?: string[];
  enabled: boolean;
  priority: number;
  parallel: boolean;
  global: boolean;
}

export interface Role extends RecordBase {
  name: string;
}

/** One plugin of `GET /v1/catalog/policies`. */
export interface CatalogPolicyType {
  type: string;
  version?: string;
  stages: string[];
  description?: string;
  settings_schema: Record<string, unknown>;
}

export interface CatalogPolicies {
  groups: Array<{ category: string; types: CatalogPolicyType[] }>;
  total: number;
}
