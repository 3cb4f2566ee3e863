/**
 * OpenAI embeddings to Gemini's `models/{model}:batchEmbedContents` and back
 * (https://ai.google.dev/api/embeddings#method:-models.batchembedcontents): one
 * EmbedContentRequest per text, `dimensions` as `outputDimensionality`; the answer's
 * `embeddings[].values` become OpenAI embeddings, re-encoded as the client asked. Gemini's
 * answer carries no token count, so the list has no `usage` unless the answer reports one.
 */
import type { RouteTarget } from '../../pipeline/exchange.js';
import { checkedVectors, embeddingInput, embeddingList } from './embedding-input.js';

/** The `batchEmbedContents` body for an OpenAI embeddings body. */
export function toGeminiEmbed(body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  const input = embeddingInput(body, 'gemini');
  return {
    requests: input.texts.map((text) => ({
      model: `models/${target.model}`,
      content: { parts: [{ text }] },
      ...(input.dimensions !== undefined ? { outputDimensionality: input.dimensions } : {}),
    })),
  };
}

/** Gemini's batch answer as an OpenAI embedding list. */
export function fromGeminiEmbed(answer: unknown, body: Record<string, unknown>, target: RouteTarget): Record<string, unknown> {
  const input = embeddingInput(body, 'gemini');
  const a = answer as { embeddings?: Array<{ values?: unknown }>; usageMetadata?: { promptTokenCount?: unknown } } | null;
  const vectors = checkedVectors(Array.isArray(a?.embeddings) ? a.embeddings.map((e) => e?.values) : undefined, input.texts.length, 'gemini');
  const tokens = a?.usageMetadata?.promptTokenCount;
  return embeddingList(vectors, input.encoding, target.modelId ?? target.model, typeof tokens === 'number' ? tokens : undefined);
}
