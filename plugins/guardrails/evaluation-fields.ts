/**
 * Attribution and gate dimensions the gateway sends with every evaluation: the consumer's id
 * and tags, the session (`X-AG-Session-Id`, else the trace id), the model and provider, and
 * `source.application: portcullis`.
 */
import type { Exchange } from '../../core/plugin/index.js';
import type { EvaluateBody } from './service-client.js';

/** The provider of the answer, or of a pinned `@provider/model` reference before routing. */
function providerOf(ctx: Exchange): string | undefined {
  const attempt = [...ctx.attempts].reverse().find((a) => a.outcome === 'ok') ?? ctx.attempts[ctx.attempts.length - 1];
  if (attempt) return attempt.provider;
  return ctx.route?.targets[0]?.registry.providerId;
}

/** The session of an exchange: `X-AG-Session-Id`, else the trace id. */
export function sessionOf(ctx: Exchange): string {
  const header = ctx.incoming.headers['x-ag-session-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.trim() ? value.trim().slice(0, 200) : ctx.traceId;
}

/** The evaluate body of one guarded stage. */
export function evaluateBody(ctx: Exchange, direction: 'input' | 'output', payload: Record<string, unknown>, model: string | undefined): EvaluateBody {
  const attributes: Record<string, unknown> = { 'source.application': 'portcullis' };
  if (model) attributes['model.name'] = model;
  const provider = providerOf(ctx);
  if (provider) attributes['model.provider'] = provider;
  if (ctx.consumer?.tags.length) attributes['consumer.tag'] = [...ctx.consumer.tags];
  return {
    protocol: 'llm',
    direction,
    payload,
    ...(ctx.consumer ? { consumer_id: ctx.consumer.id } : {}),
    session_id: sessionOf(ctx),
    attributes,
  };
}
