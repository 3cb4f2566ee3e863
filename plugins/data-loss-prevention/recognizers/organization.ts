/**
 * ORGANIZATION: company names ending in a legal form or trade word (`Halvorsen Technologies`,
 * `Pellegrini Inc.`, `Okonkwo & Sons`), or capitalised words after an employment cue
 * (`I work for Geoscape`), or that the sentence calls a company (`Coden is a design agency`).
 */
import type { Recognizer, Span } from '../span.js';
import { COMPANY_SUFFIX } from './company-suffix.js';

const WORD = "\\p{Lu}[\\p{L}\\p{M}'’&-]{0,30}";
// One to three capitalised words, then the suffix (`Inc.` keeps its dot), or `& Sons`.
const WITH_SUFFIX = new RegExp(`(?<![\\p{L}\\d])(?:${WORD}[ \\t]+){1,3}?(?:${COMPANY_SUFFIX}\\.?(?![\\p{L}])|&[ \\t]+Sons\\b)|(?<![\\p{L}\\d])${WORD}[ \\t]+&[ \\t]+Sons\\b`, 'gu');
// A cue, then one to three capitalised words: `work for`, `employed by`, `joined`, `CEO of`.
const CUED = new RegExp(`\\b(?:work(?:s|ed|ing)? (?:for|at)|employed (?:by|at)|employer(?: is)?:?|joined|ceo of|cto of|founder of|interned? at)[ \\t]+((?:${WORD})(?:[ \\t]+${WORD}){0,2})`, 'giu');
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
      for (const m of text.matchAll(WITH_SUFFIX)) {
        // The run may begin with a sentence word (`The Acme Corp`): keep it, the span still covers the name.
        out.push({ entity: 'ORGANIZATION', start: m.index, end: m.index + m[0].length, score: 0.85 });
      }
      for (const m of text.matchAll(CALLED_A_COMPANY)) {
        if (NOT_AN_ORG.test(m[1])) continue;
        out.push({ entity: 'ORGANIZATION', start: m.index, end: m.index + m[1].length, score: 0.75 });
      }
      for (const m of text.matchAll(CUED)) {
        const value = m[1];
        if (NOT_AN_ORG.test(value)) continue;
        const start = m.index + m[0].length - value.length;
        out.push({ entity: 'ORGANIZATION', start, end: start + value.length, score: 0.75 });
      }
    },
  };
}
