/**
 * The Store's stored records (schemas/records/store-*.schema.json) and their collections. The
 * unique keys are the Store's invariants: one server per code in a gateway, one install per user
 * and server code (two concurrent installs can never both land), one access document per gateway.
 */
import type { GatewayChild } from '../records/types.js';
import type { SealedSecret } from '../security/secret-box.js';
import type { IndexSpec, Store } from '../store/types.js';

/** Collection names. */
export const STORE_COLLECTIONS = {
  servers: 'store_servers',
  access: 'store_access',
  installs: 'store_installs',
  approvals: 'store_approvals',
} as const;

/** An instance of a Store server: an MCP registry of the gateway. */
export interface StoreInstance {
  name: string;
  registry_id: string;
}

export interface StoreServerRecord extends GatewayChild {
  code: string;
  name: string;
  description?: string;
  base_url?: string;
  requires_config: boolean;
  config_schema?: Record<string, unknown>;
  requires_auth: boolean;
  requires_admin_setup: boolean;
  instances: StoreInstance[];
}

export type AccessLevel = 'allowed' | 'approval' | 'none';

export interface AccessRule {
  code: string;
  group: string;
  level: AccessLevel;
}

/** The gateway's access rules; `_id` is the gateway id. */
export interface StoreAccessRecord extends GatewayChild {
  rules: AccessRule[];
}

export interface StoreInstallRecord extends GatewayChild {
  principal_sub: string;
  code: string;
  server_id: string;
  instance_id?: string;
  status: 'installed';
  approval_id?: string;
  /** The user's config, sealed (it may hold their keys). */
  config_sealed?: SealedSecret;
}

export type ApprovalStatus = 'pending' | 'approved' | 'denied';

export interface StoreApprovalRecord extends GatewayChild {
  principal_sub: string;
  groups: string[];
  code: string;
  server_id: string;
  instance_id?: string;
  reason: string;
  status: ApprovalStatus;
  config_sealed?: SealedSecret;
  deny_reason?: string;
  decided_by?: string;
  decided_at?: string;
  install_id?: string;
}

const INDEXES: Record<string, IndexSpec[]> = {
  [STORE_COLLECTIONS.servers]: [{ key: { gateway_id: 1, code: 1 }, unique: true }],
  [STORE_COLLECTIONS.access]: [],
  [STORE_COLLECTIONS.installs]: [{ key: { gateway_id: 1, principal_sub: 1, code: 1 }, unique: true }],
  [STORE_COLLECTIONS.approvals]: [{ key: { gateway_id: 1, status: 1 } }],
};

const ready = new WeakMap<Store, Promise<void>>();

/** Creates the Store collections and their unique keys, once per store (idempotent). */
export function ensureStoreCollections(store: Store): Promise<void> {
  let done = ready.get(store);
  if (!done) {
    done = (async () => {
      for (const [name, indexes] of Object.entries(INDEXES)) await store.ensureCollection(name, { indexes });
    })();
    done.catch(() => ready.delete(store));
    ready.set(store, done);
  }
  return done;
}
