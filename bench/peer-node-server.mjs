/**
 * The peer gateway's HTTP server adapter, unchanged but for one option: `serve` keeps Node's own
 * global Request and Response (`overrideGlobalObjects: false`). The adapter's lighter Response
 * keeps an upstream answer's headers as they are, read-only, and the peer's streaming path then
 * fails adding its own headers to them; with Node's Response it streams. Used only for the
 * streaming rows (bench/scenarios/peers.ts), so its non-streaming rows run it as shipped.
 */
import { serve as serveAsShipped } from '@hono/node-server';

export * from '@hono/node-server';

/** `serve`, with the global Request and Response left as Node's. */
export const serve = (options, listener) => serveAsShipped({ ...options, overrideGlobalObjects: false }, listener);
