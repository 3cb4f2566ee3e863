import { request } from 'undici';
import type { Logger } from '../logging/logger.js';
import { BatchingSink } from '../telemetry/batching-sink.js';
import { SYNC_PATHS } from './protocol.js';

/**
 * A data plane's telemetry: batched to the control plane with retry and backoff through a
 * bounded buffer, so an outage shorter than the buffer loses nothing.
 */
export function createRemoteSink(options: {
  controlPlaneUrl: string;
  clusterToken: string;
  nodeId: string;
  log: Logger;
  capacity?: number;
  intervalMs?: number;
}): BatchingSink {
  const url = new URL(SYNC_PATHS.telemetry, options.controlPlaneUrl).href;
  return new BatchingSink({
    capacity: options.capacity,
    intervalMs: options.intervalMs,
    maxBackoffMs: 5_000,
    log: options.log,
    async deliver(batch) {
      const res = await request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.clusterToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ node_id: options.nodeId, events: batch }),
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await res.body.dump();
      if (res.statusCode >= 300) throw new Error(`control plane answered ${res.statusCode}`);
    },
  });
}
