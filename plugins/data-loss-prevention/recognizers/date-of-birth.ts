/** DATE_OF_BIRTH: a calendar date next to a birth cue (`DOB:`, `born on`, `date of birth`). */
import type { Recognizer, Span } from '../span.js';

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE = new RegExp(
  [
    '\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}',
    '\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|\\d{2})',
    `\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+\\d{4}`,
    `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
  ].join('|'),
  'gi',
);
const CUE = /\b(?:d\.?o\.?b\.?|date of birth|birth ?date|birthday|born(?: on| in)?|birth|geboren|né(?:e)? le|fecha de nacimiento)\b[^.\n]{0,24}$/i;
// Every cue above holds one of these: without one in the text, no date is a birth date.
const ANY_CUE = /d\.?o\.?b|birth|born|geboren|née? le|nacimiento/i;

/** Finds dates preceded, within a few words, by a birth cue. */
export function dateOfBirthRecognizer(): Recognizer {
  return {
    entities: ['DATE_OF_BIRTH'],
    find(text: string, out: Span[]) {
      if (!ANY_CUE.test(text)) return;
      for (const m of text.matchAll(DATE)) {
        const before = text.slice(Math.max(0, m.index - 40), m.index);
        if (!CUE.test(before)) continue;
        if (/\d$/.test(before) || /^\d/.test(text.slice(m.index + m[0].length))) continue;
        out.push({ entity: 'DATE_OF_BIRTH', start: m.index, end: m.index + m[0].length, score: 0.85 });
      }
    },
  };
}
