/**
 * ZIP_CODE: postal codes after a ZIP or postal cue (`ZIP: 94103`, `postal code 394 13`,
 * `postcode SW1A 1AA`, `B0J 2H0`), and US ZIP codes after a state code (`Springfield, IL 62704`).
 */
import type { Recognizer, Span } from '../span.js';

const STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
// After a cue: US, European (`394 13`, `3610-114`), Canadian (`B0J 2H0`) and UK (`SW1A 1AA`) shapes.
const CODE_AFTER_CUE = '\\d{5}(?:-\\d{4})?|\\d{4}(?:-\\d{3})?|\\d{3}[ ]\\d{2}|[A-Z]\\d[A-Z][ ]?\\d[A-Z]\\d|[A-Z]{1,2}\\d[A-Z\\d]?[ ]\\d[A-Z]{2}';
// A cue, then the code: `ZIP code is 94103`, `zip: 10001-4356`, `postal code 60614`; or a state code, then a US ZIP.
const ZIP = new RegExp(
  `\\b(?:zip(?:[ -]?code)?|postal[ -]?code|post[ -]?code|zipcode)(?:\\s+(?:is|was|=))?[ \\t:#]*(${CODE_AFTER_CUE})(?![\\w-])|\\b(?:${STATES})[ \\t]+(\\d{5}(?:-\\d{4})?)(?![\\d-])`,
  'gi',
);
const ANY_CUE = /zip|postal|post ?code|\b[A-Z]{2}[ \t]+\d{5}/i;

/** Finds US ZIP codes that a cue or a state code introduces. */
export function zipCodeRecognizer(): Recognizer {
  return {
    entities: ['ZIP_CODE'],
    find(text: string, out: Span[]) {
      if (!ANY_CUE.test(text)) return;
      for (const m of text.matchAll(ZIP)) {
        const value = m[1] ?? m[2];
        // A state code is upper case (`IL 62704`); the `i` flag would take `in 60614 units`.
        const cue = m[0].slice(0, m[0].length - value.length);
        if (/^[A-Za-z]{2}[ \t]+$/.test(cue) && cue.slice(0, 2) !== cue.slice(0, 2).toUpperCase()) continue;
        const start = m.index + cue.length;
        out.push({ entity: 'ZIP_CODE', start, end: start + value.length, score: 0.8 });
      }
    },
  };
}
