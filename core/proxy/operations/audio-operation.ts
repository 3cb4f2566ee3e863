/**
 * `POST /v1/audio/speech` (JSON in, raw audio bytes out with the upstream's Content-Type) and
 * `POST /v1/audio/transcriptions` (multipart, forwarded as-is), routed only to audio-capable
 * registries (spec 4.2).
 */
import type { OperationHandler } from '../app.js';
import type { ProxyRuntime } from '../runtime.js';
import { runRelayedPost } from './relayed-post.js';

/** The audio handler of a proxy plane. */
export function audioOperation(runtime: ProxyRuntime): OperationHandler {
  return (koa, ctx, hooks, route) =>
    runRelayedPost(koa, ctx, hooks, runtime, { capability: 'audio', op: route.action!, body: route.action === 'speech' ? 'json' : 'multipart' });
}
