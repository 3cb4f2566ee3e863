import type { IncomingRequest } from '../../pipeline/exchange.js';

const header = (incoming: IncomingRequest, name: string): string | undefined => {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The credential a proxy client presented: `X-AG-API-Key`, `x-api-key`, `Authorization:
 * Bearer`, and on generateContent paths the Gemini SDK's `x-goog-api-key` header or `?key=`.
 */
export function presentedCredential(incoming: IncomingRequest): string | undefined {
  const direct = header(incoming, 'x-ag-api-key') ?? header(incoming, 'x-api-key');
  if (direct) return direct.trim();
  const authorization = header(incoming, 'authorization');
  if (authorization && /^bearer\s+/i.test(authorization)) return authorization.replace(/^bearer\s+/i, '').trim();
  if (incoming.route.startsWith('/v1beta/')) return header(incoming, 'x-goog-api-key')?.trim() ?? incoming.query.key;
  return undefined;
}
