/**
 * A v2 rerank request (https://docs.cohere.com/reference/rerank) for rerank APIs in the
 * OpenAI-compatible style (Together's `POST /rerank`, https://docs.together.ai/reference/rerank-1),
 * and their answer back in the v2 shape: `{id, results: [{index, relevance_score}]}`. A v2 field
 * with no equivalent there is refused with a 400 naming it.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { RouteTarget } from '../../pipeline/exchange.js';

const V2_FIELDS = new Set(['model', 'query', 'documents', 'top_n']);

/** The OpenAI-compatible rerank body for a v2 rerank body. */
export function toCompatibleRerank(body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  for (const key of Object.keys(body)) {
    if (!V2_FIELDS.has(key)) {
      const why = key === 'max_tokens_per_doc' ? 'it does not truncate documents per request' : 'the field has no equivalent there';
      throw new GatewayError('unsupported_feature', { message: `${key} cannot be sent to ${target.registry.providerId} rerank: ${why}`, param: key });
    }
  }
  const out: Record<string, unknown> = { ...body };
  if (target.model) out.model = target.model;
  else delete out.model;
  return out;
}

/** An OpenAI-compatible rerank answer in the v2 shape. */
export function fromCompatibleRerank(answer: unknown): Record<string, unknown> {
  const a = answer as { id?: unknown; results?: unknown } | null;
  const results = a?.results;
  const valid = Array.isArray(results) && results.every((r) => typeof r?.index === 'number' && typeof r?.relevance_score === 'number');
  if (!valid) throw new GatewayError('upstream_error', { status: 502, source: 'upstream', message: 'the rerank upstream answered without results' });
  return {
    ...(typeof a?.id === 'string' ? { id: a.id } : {}),
    results: (results as Array<{ index: number; relevance_score: number }>).map((r) => ({ index: r.index, relevance_score: r.relevance_score })),
  };
}
