/**
 * The model sits in the generateContent URL path: `/v1beta/models/{model}:generateContent` and
 * `:streamGenerateContent` (https://ai.google.dev/api/generate-content). Client paths carry the
 * gateway's model references, which may hold `/` (`@openai/gpt-4o`, which the Gemini SDK does
 * not encode) and `:` (`pool:fast`), so the method is the text after the last colon. Upstream
 * paths carry a catalog model id, percent-encoded so that it stays one path segment.
 */

/** The generateContent methods of the client paths. */
export type GeminiMethod = 'generateContent' | 'streamGenerateContent';

/** A parsed client path. `stream` is true for `streamGenerateContent` or `?alt=sse`. */
export interface GeminiPathTarget {
  model: string;
  method: GeminiMethod;
  stream: boolean;
  /** The client wants SSE (`alt=sse`) rather than a streamed JSON array. */
  sse: boolean;
}

const PREFIX = '/v1beta/models/';

/**
 * Reads the model and method from a path after the consumer slug (`/v1beta/models/...`), with
 * the request's query; undefined when the path is not a generateContent path.
 */
export function parseGeminiPath(path: string, query: Record<string, string | string[] | undefined> = {}): GeminiPathTarget | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const rest = path.slice(PREFIX.length);
  const colon = rest.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const method = rest.slice(colon + 1);
  if (method !== 'generateContent' && method !== 'streamGenerateContent') return undefined;
  let model: string;
  try {
    model = decodeURIComponent(rest.slice(0, colon));
  } catch {
    return undefined;
  }
  if (model === '') return undefined;
  const alt = Array.isArray(query.alt) ? query.alt[0] : query.alt;
  const sse = alt === 'sse';
  return { model, method, stream: method === 'streamGenerateContent' || sse, sse };
}

/** The upstream path for `model` (relative to a base URL such as `https://generativelanguage.googleapis.com`). */
export function upstreamPath(model: string, stream: boolean): string {
  const segment = encodeURIComponent(model.replace(/^models\//, ''));
  return stream ? `${PREFIX}${segment}:streamGenerateContent?alt=sse` : `${PREFIX}${segment}:generateContent`;
}
