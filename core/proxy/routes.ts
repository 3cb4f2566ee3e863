/**
 * The proxy plane's fixed paths (spec 4.2). The called path fixes the client format and the
 * operation; any other path is 404.
 */
import type { WireFormatId } from '../canonical/index.js';
import type { Operation } from '../pipeline/exchange.js';
import { decodePathSegment } from './url-input.js';

export interface ProxyRoute {
  consumerSlug: string;
  /** The path after the slug. */
  route: string;
  operation: Operation;
  clientFormat?: WireFormatId;
  /** Gemini: the model from the path; a slash is allowed (`@openai/gpt-4o`). */
  pathModel?: string;
  /** Gemini: streaming is chosen by the path (`:streamGenerateContent`) or `alt=sse`. */
  pathStream?: boolean;
  /** The id in `/v1/models/{id}` or `/v1/files/{id}`. */
  resourceId?: string;
  /** The sub-operation of a non-chat route: `speech`, `transcriptions`, `generations`, `edits`, `variations`, `content`. */
  action?: string;
}

/** Slugs that can never be a consumer: they are plane paths. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['v1', 'v1beta', 'v2', 'healthz', 'health', 'readyz', 'metrics', '.well-known']);

const CHAT_PATHS: Record<string, WireFormatId> = {
  '/v1/chat/completions': 'openai-chat',
  '/v1/messages': 'anthropic-messages',
  '/v1/responses': 'openai-responses',
  '/v2/chat': 'cohere-v2',
};

const GEMINI = /^\/v1beta\/models\/(.+):(generateContent|streamGenerateContent)$/;
const MODEL_ID = /^\/v1\/models\/(.+)$/;

/** Non-chat operations of spec 4.2 at fixed paths (files with an id are matched by FILE_ID). */
const OPERATION_PATHS: Record<string, Pick<ProxyRoute, 'operation' | 'action'>> = {
  '/v1/embeddings': { operation: 'embeddings' },
  '/v1/rerank': { operation: 'rerank' },
  '/v1/audio/speech': { operation: 'audio', action: 'speech' },
  '/v1/audio/transcriptions': { operation: 'audio', action: 'transcriptions' },
  '/v1/images/generations': { operation: 'images', action: 'generations' },
  '/v1/images/edits': { operation: 'images', action: 'edits' },
  '/v1/images/variations': { operation: 'images', action: 'variations' },
  '/v1/files': { operation: 'files' },
};
/** `/v1/files/{id}` and `/v1/files/{id}/content`; any other tail is 404. */
const FILE_ID = /^\/v1\/files\/([^/]+)(\/content)?$/;

/** The client-facing format of an error on a path (OpenAI's error object by default). */
export function errorFormatForPath(route: string): WireFormatId {
  if (CHAT_PATHS[route]) return CHAT_PATHS[route];
  if (route.startsWith('/v1beta/')) return 'gemini';
  return 'openai-chat';
}

/**
 * Parses `/{slug}/...` (the raw path, not yet decoded); undefined means 404. Every segment read
 * from it is decoded by `decodePathSegment`: one that does not decode names nothing, a 404.
 */
export function parseProxyPath(path: string): ProxyRoute | undefined {
  const second = path.indexOf('/', 1);
  if (second <= 1) return undefined;
  const consumerSlug = decodePathSegment(path.slice(1, second));
  if (consumerSlug === undefined || RESERVED_SLUGS.has(consumerSlug)) return undefined;
  const route = path.slice(second);
  const chat = CHAT_PATHS[route];
  if (chat) return { consumerSlug, route, operation: 'chat', clientFormat: chat };
  const gemini = GEMINI.exec(route);
  const pathModel = gemini && decodePathSegment(gemini[1]);
  if (gemini && pathModel) {
    return {
      consumerSlug,
      route,
      operation: 'chat',
      clientFormat: 'gemini',
      pathModel,
      pathStream: gemini[2] === 'streamGenerateContent',
    };
  }
  if (route === '/mcp') return { consumerSlug, route, operation: 'mcp' };
  if (route === '/v1/models') return { consumerSlug, route, operation: 'models' };
  const model = MODEL_ID.exec(route);
  const modelId = model && decodePathSegment(model[1]);
  if (modelId) return { consumerSlug, route, operation: 'models', resourceId: modelId };
  const operation = OPERATION_PATHS[route];
  if (operation) return { consumerSlug, route, ...operation };
  const file = FILE_ID.exec(route);
  const fileId = file && decodePathSegment(file[1]);
  if (fileId) return { consumerSlug, route, operation: 'files', resourceId: fileId, ...(file[2] ? { action: 'content' } : {}) };
  return undefined;
}
