/** US_SSN: social security numbers, with the Social Security Administration's never-issued ranges excluded. */
import type { Recognizer, Span } from '../span.js';

const SEPARATED = /(?<![\d-])(\d{3})([- ])(\d{2})\2(\d{4})(?![\d-])/g;
const COMPACT = /(?<![\d-])(\d{3})(\d{2})(\d{4})(?![\d-])/g;
const CUE = /\b(?:ssn|ss#|social security|social sec|ssa|tin|taxpayer)\b/i;
// Numbers published in advertising and documentation, never valid for a person.
const PUBLISHED = new Set(['078051120', '219099999', '123456789', '111111111', '987654320']);

/** True when an area/group/serial triple could have been issued. */
export function ssnPlausible(area: string, group: string, serial: string): boolean {
  const a = Number(area);
  if (a === 0 || a === 666 || a >= 900) return false;
  if (group === '00' || serial === '0000') return false;
  return !PUBLISHED.has(area + group + serial);
}

/** Finds SSNs written 123-45-6789 or 123 45 6789; nine bare digits only next to an SSN cue. */
export function usSsnRecognizer(): Recognizer {
  return {
    entities: ['US_SSN'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(SEPARATED)) {
        if (!ssnPlausible(m[1], m[3], m[4])) continue;
        const cue = CUE.test(text.slice(Math.max(0, m.index - 50), m.index));
        out.push({ entity: 'US_SSN', start: m.index, end: m.index + m[0].length, score: cue ? 0.95 : m[2] === '-' ? 0.85 : 0.6 });
      }
      for (const m of text.matchAll(COMPACT)) {
        if (!ssnPlausible(m[1], m[2], m[3])) continue;
        if (!CUE.test(text.slice(Math.max(0, m.index - 50), m.index))) continue;
        out.push({ entity: 'US_SSN', start: m.index, end: m.index + m[0].length, score: 0.9 });
      }
    },
  };
}
