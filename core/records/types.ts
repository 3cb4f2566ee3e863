/**
 * Stored record shapes (the admin API's records, API.md, plus the internal fields the store
 * keeps). `_id` is the record id the API shows as `id`. Secrets are stored encrypted
 * (SealedSecret) or hashed, never in clear.
 */
import type { SealedSecret } from '../security/secret-box.js';

export interface BaseRecord {
  _id: string;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

export interface GatewayRecord extends BaseRecord {
  slug: string;
  name?: string;
  tenant_id: string;
  entitlements?: { tier: 'free' | 'team' | 'enterprise'; caps?: Record<string, number>; max_instances?: number };
}

/** Child records all carry their gateway. */
export interface GatewayChild extends BaseRecord {
  gateway_id: string;
}

export interface RegistryRecord extends GatewayChild {
  slug: string;
  name?: string;
  type: 'LLM' | 'MCP';
  provider: string;
  base_url?: string;
  /** Inline key sealed at rest, or a vault credential reference; or per-user OAuth upstream (MCP, core/oauth/upstream). */
  auth?: { api_key_sealed?: SealedSecret; credential_id?: string; header?: string; oauth?: UpstreamOAuthRecord };
  /** Provider options; `tool_aliases` (tool name -> alias) on MCP registries only. */
  options?: { api_version?: string; deployments?: Record<string, string>; tool_aliases?: Record<string, string>; [key: string]: unknown };
  models?: string[];
  capabilities?: string[];
  health_check?: { enabled: boolean; interval_ms?: number; path?: string; [key: string]: unknown };
}

/** An MCP registry whose server needs each user's own OAuth token: the upstream authorization server and the gateway's client there. */
export interface UpstreamOAuthRecord {
  issuer: string;
  client_id: string;
  client_secret_sealed?: SealedSecret;
  scopes?: string[];
}

export interface ModelPolicy {
  registry_id: string;
  allow?: string[];
  default?: string;
}

export interface ConsumerRecord extends GatewayChild {
  slug: string;
  name?: string;
  routing_mode: 'inline' | 'role_based';
  registries: Array<{ registry_id: string; weight?: number }>;
  model_policies?: ModelPolicy[];
  load_balancing?: { strategy: string; [key: string]: unknown };
  fallback?: { targets: string[]; on?: string[]; [key: string]: unknown };
  tags?: string[];
  /** The MCP tool scope: merged names or `prefix*` (`allow`), and a cap (`max_tools`). */
  tools?: { allow?: string[]; max_tools?: number };
  /** Attached auths, policies and roles (attach/detach endpoints). */
  auth_ids: string[];
  policy_ids: string[];
  role_ids: string[];
}

export interface RoleRecord extends GatewayChild {
  name: string;
  match?: { claim: string; any_of: string[] };
  registries: string[];
  model_policies?: ModelPolicy[];
  tool_sets?: unknown[];
}

export interface PolicyRecord extends GatewayChild {
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

export interface AuthRecord extends GatewayChild {
  name: string;
  type: 'api_key' | 'oidc';
  /** SHA-256 hex of the `ag_` key. */
  key_hash?: string;
  key_prefix?: string;
  key_last4?: string;
  oidc?: { issuer: string; audience?: string; jwks_uri?: string; groups_claim?: string };
}

export interface VaultCredentialRecord extends GatewayChild {
  name: string;
  secret_sealed: SealedSecret;
}

/** Collection names. */
export const COLLECTIONS = {
  gateways: 'gateways',
  registries: 'registries',
  consumers: 'consumers',
  roles: 'roles',
  policies: 'policies',
  auths: 'auths',
  vaultCredentials: 'vault_credentials',
  machineCredentials: 'machine_credentials',
  meta: 'meta',
} as const;
