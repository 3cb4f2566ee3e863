/**
 * Answering a non-chat request from its upstream: the body relayed untouched (bytes, upstream
 * Content-Type kept), or read as JSON for a translation; and the selection headers.
 */
import type Koa from 'koa';
import type { Dispatcher } from 'undici';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange, RouteTarget } from '../../pipeline/exchange.js';
import { readAnswerText } from '../upstream/answer-limit.js';

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

/** An answer read whole: its text and its JSON value. */
export interface JsonAnswer {
  text: string;
  value: unknown;
}

/**
 * The upstream's answer as JSON text and value; a body that is not JSON, or longer than
 * `limit` bytes, is a 502 from the upstream.
 */
export async function readJsonAnswer(upstream: Dispatcher.ResponseData, limit: number): Promise<JsonAnswer> {
  const text = await readAnswerText(upstream.body, limit);
  try {
    return { text, value: JSON.parse(text) as unknown };
  } catch (err) {
    throw new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream answered with a malformed body: ${(err as Error).message}` });
  }
}

/**
 * `X-Selected-Provider` for the registry that answered and, when a model was chosen,
 * `X-Selected-Model` (the model behind a deployment name).
 */
export function selectionHeaders(ctx: Exchange, target: RouteTarget): void {
  ctx.responseHeaders['x-selected-provider'] = target.registry.providerId;
  const model = target.modelId ?? target.model;
  if (model) ctx.responseHeaders['x-selected-model'] = model;
}
