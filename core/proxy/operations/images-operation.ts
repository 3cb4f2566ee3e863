/**
 * `POST /v1/images/generations` (JSON: model, prompt, n, size), `POST /v1/images/edits` and
 * `POST /v1/images/variations` (multipart, not rewritten; the form `model` is read for
 * allow-lists, deployment names and pins), routed only to image-capable registries: the
 * OpenAI kind, its cloud-hosted variant (`/openai/deployments/{model}/images/...?api-version=`),
 * custom OpenAI-compatible endpoints and aggregators (spec 4.2). GET and other methods are 400.
 */
import type { OperationHandler } from '../app.js';
import type { ProxyRuntime } from '../runtime.js';
import { checkImageFormFields } from './body-types.js';
import { runRelayedPost } from './relayed-post.js';

/** The images handler of a proxy plane. */
export function imagesOperation(runtime: ProxyRuntime): OperationHandler {
  return (koa, ctx, hooks, route) =>
    runRelayedPost(
      koa, ctx, hooks, runtime,
      route.action === 'generations'
        ? { capability: 'images', op: 'generations', body: 'json', schema: 'images-generation-request' }
        : { capability: 'images', op: route.action!, body: 'multipart', checkForm: checkImageFormFields },
    );
}
