/** EMAIL_ADDRESS: RFC 5322 "dot-atom" addresses with a real-looking domain. */
import type { Recognizer, Span } from '../span.js';

// Sticky: tried only at the one position where an address around each `@` can begin.
const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/y;
const LOCAL_MAX = 64;

// `[A-Za-z0-9._%+-]`, the characters of a local part; the pattern wants none of them before it.
const isLocalChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;

/** Where the local part before the `@` at `at` begins, or -1 when it is longer than an address allows. */
function localStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && isLocalChar(text.charCodeAt(i - 1))) if (at - --i > LOCAL_MAX) return -1;
  return i;
}

/** Finds email addresses; the domain needs a dot and an alphabetic top-level label. */
export function emailRecognizer(): Recognizer {
  return {
    entities: ['EMAIL_ADDRESS'],
    find(text: string, out: Span[]) {
      // As a global scan would, go on after the end of each match.
      let after = 0;
      for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
        const start = localStart(text, at);
        if (start < after) continue;
        EMAIL.lastIndex = start;
        const m = EMAIL.exec(text);
        if (!m) continue;
        after = start + m[0].length;
        if (m[0].includes('..')) continue;
        out.push({ entity: 'EMAIL_ADDRESS', start, end: after, score: 0.95 });
      }
    },
  };
}
