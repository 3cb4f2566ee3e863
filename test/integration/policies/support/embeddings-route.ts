/**
 * A fake OpenAI embeddings endpoint (`POST /v1/embeddings`, shaped after
 * https://platform.openai.com/docs/api-reference/embeddings/create) for the semantic cache:
 * each text becomes a bag-of-words vector (word hashes into 64 buckets), so texts sharing most
 * words are close and unrelated texts are far apart.
 */
import { sendJson, type ScriptedRoute } from '../../../fixtures/providers/scripted-http-server.js';

const DIMENSIONS = 64;

function bucket(word: string): number {
  let h = 2166136261;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
  return (h >>> 0) % DIMENSIONS;
}

/** The vector the fake returns for `text`. */
export function bagOfWords(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) vector[bucket(word)] += 1;
  return vector;
}

/** The texts the fake embedded, in order. */
export const embeddedTexts: string[] = [];

export const embeddingsRoute: ScriptedRoute = {
  method: 'POST',
  pattern: /^\/v1\/embeddings$/,
  handle: (x) => {
    const body = x.body as { model?: string; input?: string | string[] };
    const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
    embeddedTexts.push(...inputs);
    sendJson(x.res, 200, {
      object: 'list',
      data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: bagOfWords(input) })),
      model: body.model ?? 'text-embedding-3-small',
      usage: { prompt_tokens: 8, total_tokens: 8 },
    });
  },
};
