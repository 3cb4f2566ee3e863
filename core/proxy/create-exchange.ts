import { randomUUID } from 'node:crypto';
import type { Exchange, IncomingRequest } from '../pipeline/exchange.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { ProxyRoute } from './routes.js';

/** A fresh exchange context for one proxy request, on the snapshot current at its start. */
export function createExchange(snapshot: Snapshot, route: ProxyRoute, incoming: Omit<IncomingRequest, 'route' | 'consumerSlug'>, signal: AbortSignal): Exchange {
  return {
    traceId: randomUUID(),
    startedAt: performance.now(),
    snapshot,
    incoming: { ...incoming, route: route.route, consumerSlug: route.consumerSlug },
    operation: route.operation,
    clientFormat: route.clientFormat,
    signal,
    attempts: [],
    findings: [],
    timings: {},
    responseHeaders: {},
    pluginState: new Map(),
    deferred: [],
  };
}
