/** EMAIL_ADDRESS: RFC 5322 "dot-atom" addresses with a real-looking domain. */
import type { Recognizer, Span } from '../span.js';

const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/g;

/** Finds email addresses; the domain needs a dot and an alphabetic top-level label. */
export function emailRecognizer(): Recognizer {
  return {
    entities: ['EMAIL_ADDRESS'],
    find(text: string, out: Span[]) {
      if (!text.includes('@')) return;
      for (const m of text.matchAll(EMAIL)) {
        if (m[0].includes('..')) continue;
        out.push({ entity: 'EMAIL_ADDRESS', start: m.index, end: m.index + m[0].length, score: 0.95 });
      }
    },
  };
}
