import type { WireFormat } from '../canonical/index.js';
import type { Logger } from '../logging/logger.js';
import type { UpstreamClient } from './upstream/upstream-client.js';

/** What the proxy plane's request path needs besides the snapshot. */
export interface ProxyRuntime {
  formats: ReadonlyMap<string, WireFormat>;
  upstream: UpstreamClient;
  log: Logger;
  /** Per-attempt headers/body timeout; the routing policies set finer ones. */
  attemptTimeoutMs?: number;
}
