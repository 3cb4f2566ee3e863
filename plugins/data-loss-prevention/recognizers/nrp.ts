/**
 * NRP: nationalities and religious or political groups (`Brazilian`, `Catholic`,
 * `Republican`), written with a capital, plus a following `Party`.
 */
import type { Recognizer, Span } from '../span.js';
import { NRP_WORDS } from './nrp-words.js';
import { tokenize } from './tokens.js';

// Words before the group that say it describes a person: `I am`, `as a`, `a devout`, `lifelong`.
const PERSON_CUE = /\b(?:i am|i'm|am|is|are|was|were|as an?|an?|devout|lifelong|practicing|practising|registered|member of the|born|raised)\s+$/i;

/** Finds capitalised NRP words; a cue before one makes it surer. */
export function nrpRecognizer(): Recognizer {
  return {
    entities: ['NRP'],
    find(text: string, out: Span[]) {
      const tokens = tokenize(text);
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i];
        if (!t.title || !NRP_WORDS.has(t.fold)) continue;
        const next = tokens[i + 1];
        const end = next && next.text === 'Party' && next.gap === ' ' ? next.end : t.end;
        const cued = PERSON_CUE.test(text.slice(Math.max(0, t.start - 24), t.start));
        out.push({ entity: 'NRP', start: t.start, end, score: cued ? 0.85 : 0.7 });
      }
    },
  };
}
