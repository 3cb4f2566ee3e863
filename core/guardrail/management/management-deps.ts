import type { AdminTokenVerifier } from '../../admin/auth/admin-token.js';
import type { Logger } from '../../logging/logger.js';
import type { PluginHost } from '../../plugin/host.js';
import type { Store } from '../../store/types.js';

/** What the management paths need; served only where the store lives. */
export interface ManagementDeps {
  store: Store;
  host: PluginHost;
  log: Logger;
  adminVerifier: AdminTokenVerifier;
  /** Rebuilds the snapshot; resolves when evaluations see the write. */
  configChanged(): Promise<void>;
  /** Resolves once the guardrail collections exist. */
  ready: Promise<void>;
}
