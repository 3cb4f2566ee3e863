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
import { runRelayedPost, type RelayedPost } from './relayed-post.js';
import { imageUsage } from './operation-usage.js';

/** Each images route as a relayed POST, with the checks of its body (built once, not per request). */
const IMAGE_POSTS: Readonly<Record<string, RelayedPost>> = {
  generations: { capability: 'images', op: 'generations', body: 'json', schema: 'images-generation-request', usageOf: imageUsage },
  edits: { capability: 'images', op: 'edits', body: 'multipart', checkForm: checkImageFormFields, usageOf: imageUsage },
  variations: { capability: 'images', op: 'variations', body: 'multipart', checkForm: checkImageFormFields, usageOf: imageUsage },
};

/** The images handler of a proxy plane. */
export function imagesOperation(runtime: ProxyRuntime): OperationHandler {
  return (koa, ctx, hooks, route) => runRelayedPost(koa, ctx, hooks, runtime, IMAGE_POSTS[route.action!]!);
}
