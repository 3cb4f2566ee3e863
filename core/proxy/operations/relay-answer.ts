/**
 * Answering a non-chat request from its upstream: the body relayed untouched (bytes, upstream
 * Content-Type kept; answers read as JSON are read by answer-limit.ts), and the selection headers.
 */
import type Koa from 'koa';
import type { Dispatcher } from 'undici';
import { headerValue } from '../../http/header-value.js';
import type { Exchange, RouteTarget } from '../../pipeline/exchange.js';

/** Upstream headers that describe the body and so travel with it. */
const BODY_HEADERS = ['content-type', 'content-disposition'] as const;

/** Streams the upstream's answer to the client as it is: status, body bytes, Content-Type. */
export function relayAnswer(koa: Koa.Context, upstream: Dispatcher.ResponseData): void {
  koa.status = upstream.statusCode;
  for (const name of BODY_HEADERS) {
    const value = upstream.headers[name];
    if (value !== undefined) koa.set(name, Array.isArray(value) ? value[0] : value);
  }
  koa.body = upstream.body;
}

/** The longest X-Selected-Model written: clients refuse answers whose headers pass 16 KiB in all. */
const SELECTED_MODEL_MAX_CHARS = 1024;

/**
 * `X-Selected-Provider` for the registry that answered and, when a model was chosen,
 * `X-Selected-Model` (the model behind a deployment name), percent-encoded where the name
 * holds anything a header cannot (see header-value.ts), and left out when the client named a
 * model too long to echo. Chat and the other operations share it.
 */
export function selectionHeaders(ctx: Exchange, target: RouteTarget): void {
  ctx.responseHeaders['x-selected-provider'] = target.registry.providerId;
  const model = target.modelId ?? target.model;
  const value = model ? headerValue(model) : '';
  if (value && value.length <= SELECTED_MODEL_MAX_CHARS) ctx.responseHeaders['x-selected-model'] = value;
}
