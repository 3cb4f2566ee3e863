/** ZIP_CODE: US ZIP codes (`94103`, `10001-4356`) after a ZIP or postal cue, or after a state code. */
import type { Recognizer, Span } from '../span.js';

const STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|PR';
// A cue, then the code: `ZIP code is 94103`, `zip: 10001-4356`, `postal code 60614`, `Springfield, IL 62704`.
const ZIP = new RegExp(`(?:\\b(?:zip(?:[ -]?code)?|postal[ -]?code|post[ -]?code|zipcode)(?:\\s+(?:is|was|=))?[ \\t:#]*|\\b(?:${STATES})[ \\t]+)(\\d{5}(?:-\\d{4})?)(?![\\d-])`, 'gi');
const ANY_CUE = /zip|postal|post ?code|\b[A-Z]{2}[ \t]+\d{5}/i;

/** Finds US ZIP codes that a cue or a state code introduces. */
export function zipCodeRecognizer(): Recognizer {
  return {
    entities: ['ZIP_CODE'],
    find(text: string, out: Span[]) {
      if (!ANY_CUE.test(text)) return;
      for (const m of text.matchAll(ZIP)) {
        const value = m[1];
        // A state code is upper case (`IL 62704`); the `i` flag would take `in 60614 units`.
        const cue = m[0].slice(0, m[0].length - value.length);
        if (/^[A-Za-z]{2}[ \t]+$/.test(cue) && cue.slice(0, 2) !== cue.slice(0, 2).toUpperCase()) continue;
        const start = m.index + cue.length;
        out.push({ entity: 'ZIP_CODE', start, end: start + value.length, score: 0.8 });
      }
    },
  };
}
