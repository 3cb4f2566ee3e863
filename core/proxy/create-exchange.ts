import { randomUUID } from 'node:crypto';
import type { ClientSignal } from '../pipeline/client-signal.js';
import type { Exchange, IncomingRequest } from '../pipeline/exchange.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import type { ProxyRoute } from './routes.js';

/** A fresh exchange context for one proxy request, on the snapshot current at its start. */
export function createExchange(snapshot: Snapshot, route: ProxyRoute, incoming: Omit<IncomingRequest, 'route' | 'consumerSlug'>, signal: ClientSignal): Exchange {
  return {
    traceId: randomUUID(),
    startedAt: performance.now(),
    snapshot,
    // Field by field, not a spread: see "Garbage on the request path" in docs/architecture.md.
    incoming: { method: incoming.method, path: incoming.path, route: route.route, query: incoming.query, headers: incoming.headers, body: incoming.body, consumerSlug: route.consumerSlug },
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
