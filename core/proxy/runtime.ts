import type { WireFormat } from '../canonical/index.js';
import type { Logger } from '../logging/logger.js';
import type { ConsumerToolkit } from '../mcp/toolkit.js';
import type { RoutingRuntime } from './routing/routing-runtime.js';
import type { UpstreamClient } from './upstream/upstream-client.js';

/** What the proxy plane's request path needs besides the snapshot. */
export interface ProxyRuntime {
  formats: ReadonlyMap<string, WireFormat>;
  /** Connection pools and the operator's default upstream timeouts (`upstream.timeouts`). */
  upstream: UpstreamClient;
  log: Logger;
  /** Balancer state, requests in flight, circuit breakers and health checks of this plane. */
  routing: RoutingRuntime;
  /** The MCP plane's consumer toolkit (merged, scoped tools of a consumer's MCP registries; core/mcp/toolkit.ts). */
  mcpToolkit: ConsumerToolkit;
}
