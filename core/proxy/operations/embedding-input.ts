/**
 * The OpenAI embeddings request as a translation sees it (https://platform.openai.com/docs/api-reference/embeddings/create):
 * the texts to embed, the output encoding and dimensions. What another format cannot express
 * faithfully (token-array input, unknown fields) is refused with a 400 that names it.
 */
import { GatewayError } from '../../errors/gateway-error.js';

/** The embeddings fields every translation understands. */
const OPENAI_FIELDS = new Set(['input', 'model', 'encoding_format', 'dimensions', 'user']);

/** What a translation reads from an OpenAI embeddings body. */
export interface EmbeddingInput {
  texts: string[];
  encoding: 'float' | 'base64';
  dimensions?: number;
}

const refuse = (upstream: string, param: string, why: string) =>
  new GatewayError('unsupported_feature', { message: `${param} cannot be sent to a ${upstream} embeddings upstream: ${why}`, param });

/**
 * The texts, encoding and dimensions of `body`, for an `upstream` that embeds text only.
 * `extraFields` are the upstream's own fields a client may add (Cohere's `input_type`).
 */
export function embeddingInput(body: Record<string, unknown>, upstream: string, extraFields: readonly string[] = []): EmbeddingInput {
  for (const key of Object.keys(body)) {
    if (!OPENAI_FIELDS.has(key) && !extraFields.includes(key)) throw refuse(upstream, key, 'the field has no equivalent there');
  }
  const input = body.input;
  const texts = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(texts) || texts.length === 0) throw new GatewayError('invalid_request', { message: 'input must be a string or a non-empty array of strings', param: 'input' });
  if (!texts.every((t) => typeof t === 'string')) throw refuse(upstream, 'input', 'token arrays are not accepted; it embeds text only');
  const encoding = body.encoding_format ?? 'float';
  if (encoding !== 'float' && encoding !== 'base64') throw new GatewayError('invalid_request', { message: 'encoding_format must be float or base64', param: 'encoding_format' });
  const dimensions = body.dimensions;
  if (dimensions !== undefined && (!Number.isInteger(dimensions) || (dimensions as number) < 1)) {
    throw new GatewayError('invalid_request', { message: 'dimensions must be a positive integer', param: 'dimensions' });
  }
  return { texts: texts as string[], encoding, dimensions: dimensions as number | undefined };
}

/** A vector as OpenAI's `base64` encoding gives it: little-endian float32 bytes, base64. */
export function float32Base64(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((v, i) => bytes.writeFloatLE(v, i * 4));
  return bytes.toString('base64');
}

/** An OpenAI embedding list from vectors, in the encoding the client asked for. */
export function embeddingList(vectors: number[][], encoding: EmbeddingInput['encoding'], model: string, inputTokens?: number): Record<string, unknown> {
  const list: Record<string, unknown> = {
    object: 'list',
    data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: encoding === 'base64' ? float32Base64(v) : v })),
    model,
  };
  if (inputTokens !== undefined) list.usage = { prompt_tokens: inputTokens, total_tokens: inputTokens };
  return list;
}

/** Throws 502 when the upstream's vectors are not a list of number arrays, one per text. */
export function checkedVectors(vectors: unknown, count: number, upstream: string): number[][] {
  const ok = Array.isArray(vectors) && vectors.length === count && vectors.every((v) => Array.isArray(v) && v.every((x) => typeof x === 'number'));
  if (!ok) throw new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `the ${upstream} upstream answered without one vector per input` });
  return vectors as number[][];
}
