/**
 * ORGANIZATION: company names ending in a legal form or trade word (`Halvorsen Technologies`,
 * `Pellegrini Inc.`, `Okonkwo & Sons`), or capitalised words after an employment cue
 * (`I work for Geoscape`), or that the sentence calls a company (`Coden is a design agency`).
 */
import type { Recognizer, Span } from '../span.js';
import { COMPANY_SUFFIX } from './company-suffix.js';

const WORD = "\\p{Lu}[\\p{L}\\p{M}'’&-]{0,30}";
// The suffixes are found first with a plain pattern; the words before each are read after.
const SUFFIX_AT = new RegExp(`(?<=[ \\t])(?:${COMPANY_SUFFIX}\\.?(?![\\p{L}])|&[ \\t]+Sons\\b)`, 'gu');
// One to three capitalised words closing the text before a suffix: the longest run wins.
const WORDS_BEFORE = new RegExp(`(?<![\\p{L}\\d])(?:${WORD}[ \\t]+){1,3}$`, 'u');
// A cue, then one to three capitalised words: `work for`, `employed by`, `joined`, `CEO of`.
const CUED = new RegExp(`\\b(?:work(?:s|ed|ing)? (?:for|at)|employed (?:by|at)|employer(?: is)?:?|joined|ceo of|cto of|founder of|interned? at)[ \\t]+((?:${WORD})(?:[ \\t]+${WORD}){0,2})`, 'giu');
// Each cue holds one of these words: without one, the cue patterns are not run.
const ANY_COMPANY_NOUN = /company|agency|firm|start-?up|corporation|bank|brand|profit|charity|business|retailer|manufacturer|consultancy|publisher|studio|vendor|provider/i;
const ANY_EMPLOYMENT_CUE = /work|employ|joined|ceo|cto|founder|intern/i;
// A capitalised run the sentence then calls a company: `Coden is a design agency`, `Xignite, a fintech startup`.
const CALLED_A_COMPANY = new RegExp(
  `(?<![\\p{L}\\d])((?:${WORD})(?:[ \\t]+${WORD}){0,2})(?:[ \\t]+is|,)[ \\t]+an?[ \\t]+(?:[\\p{L}-]+[ \\t]+){0,2}(?:company|agency|firm|startup|start-up|corporation|bank|brand|nonprofit|non-profit|charity|business|retailer|manufacturer|consultancy|publisher|studio|vendor|provider)\\b`,
  'gu',
);
// Words a capitalised run after a cue can be without naming an organisation.
const NOT_AN_ORG = /^(?:The|A|An|My|Our|Their|His|Her|Home|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Last|Next|This|That|Me|Us|Them)\b/;

/** Finds organisation names. */
export function organizationRecognizer(): Recognizer {
  return {
    entities: ['ORGANIZATION'],
    find(text: string, out: Span[]) {
      for (const m of text.matchAll(SUFFIX_AT)) {
        // The run may begin with a sentence word (`The Acme Corp`): keep it, the span still covers the name.
        const windowStart = Math.max(0, m.index - 96);
        const words = WORDS_BEFORE.exec(text.slice(windowStart, m.index));
        if (!words) continue;
        out.push({ entity: 'ORGANIZATION', start: windowStart + words.index, end: m.index + m[0].length, score: 0.85 });
      }
      if (ANY_COMPANY_NOUN.test(text)) for (const m of text.matchAll(CALLED_A_COMPANY)) {
        if (NOT_AN_ORG.test(m[1])) continue;
        out.push({ entity: 'ORGANIZATION', start: m.index, end: m.index + m[1].length, score: 0.75 });
      }
      if (ANY_EMPLOYMENT_CUE.test(text)) for (const m of text.matchAll(CUED)) {
        const value = m[1];
        if (NOT_AN_ORG.test(value)) continue;
        const start = m.index + m[0].length - value.length;
        out.push({ entity: 'ORGANIZATION', start, end: start + value.length, score: 0.75 });
      }
    },
  };
}
