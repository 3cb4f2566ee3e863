/**
 * OpenAI embeddings to Cohere's v2 Embed API and back (https://docs.cohere.com/reference/embed):
 * `input` becomes `texts`, `dimensions` becomes `output_dimension`, float vectors are asked for
 * and re-encoded as the client wants them; `meta.billed_units.input_tokens` is the usage.
 * Cohere needs an `input_type`: the client may send Cohere's own `input_type` (and `truncate`),
 * otherwise `search_document`, the type for texts that are stored and searched.
 */
import type { RouteTarget } from '../../pipeline/exchange.js';
import { checkedVectors, embeddingInput, embeddingList } from './embedding-input.js';

const COHERE_FIELDS = ['input_type', 'truncate'] as const;

/** The `/v2/embed` body for an OpenAI embeddings body. */
export function toCohereEmbed(body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  const input = embeddingInput(body, 'cohere-v2', COHERE_FIELDS);
  const out: Record<string, unknown> = {
    model: target.model,
    texts: input.texts,
    input_type: body.input_type ?? 'search_document',
    embedding_types: ['float'],
  };
  if (input.dimensions !== undefined) out.output_dimension = input.dimensions;
  if (body.truncate !== undefined) out.truncate = body.truncate;
  return out;
}

/** Cohere's embed answer as an OpenAI embedding list. */
export function fromCohereEmbed(answer: unknown, body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  const input = embeddingInput(body, 'cohere-v2', COHERE_FIELDS);
  const a = answer as { embeddings?: { float?: unknown }; meta?: { billed_units?: { input_tokens?: unknown } } } | null;
  const vectors = checkedVectors(a?.embeddings?.float, input.texts.length, 'cohere-v2');
  const tokens = a?.meta?.billed_units?.input_tokens;
  return embeddingList(vectors, input.encoding, target.modelId ?? target.model, typeof tokens === 'number' ? tokens : undefined);
}
