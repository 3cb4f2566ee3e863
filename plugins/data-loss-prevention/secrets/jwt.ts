/** JWT: three base64url parts whose header decodes to a JSON object with an `alg`. */
import type { Recognizer, Span } from '../span.js';
import { isPlaceholder } from './placeholder.js';

const CANDIDATE = /(?<![\w-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{0,}(?![\w-])/g;

function header(part: string): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Finds signed JWTs (and unsigned ones declaring `alg: none`). */
export function jwtRecognizer(): Recognizer {
  return {
    entities: ['JWT'],
    find(text: string, out: Span[]) {
      if (!text.includes('eyJ')) return;
      for (const m of text.matchAll(CANDIDATE)) {
        const [head, , signature] = m[0].split('.');
        const h = header(head);
        if (!h || typeof h.alg !== 'string') continue;
        if (signature.length < 16 && h.alg.toLowerCase() !== 'none') continue;
        if (isPlaceholder(m[0])) continue;
        out.push({ entity: 'JWT', start: m.index, end: m.index + m[0].length, score: 0.95 });
      }
    },
  };
}
