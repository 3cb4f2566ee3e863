/** IBAN_CODE: ISO 13616 account numbers with a valid mod-97 check. */
import { ibanValid } from '../checksums.js';
import type { Recognizer, Span } from '../span.js';

// Country code, check digits, then 11-30 alphanumerics, optionally in groups of four.
const CANDIDATE = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]){11,30}(?![A-Za-z0-9])/g;

/** Finds IBANs, written compact or in space-separated groups, any letter case. */
export function ibanRecognizer(): Recognizer {
  return {
    entities: ['IBAN_CODE'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(CANDIDATE)) {
        let raw = m[0];
        let compact = raw.replace(/[ -]/g, '').toUpperCase();
        // A trailing word may have been swallowed by the grouping: shrink until the check holds.
        while (compact.length >= 15 && !ibanValid(compact)) {
          const cut = raw.search(/[ -][A-Za-z0-9]*$/);
          if (cut < 0) break;
          raw = raw.slice(0, cut);
          compact = raw.replace(/[ -]/g, '').toUpperCase();
        }
        if (!ibanValid(compact)) continue;
        out.push({ entity: 'IBAN_CODE', start: m.index, end: m.index + raw.length, score: 0.95 });
      }
    },
  };
}
