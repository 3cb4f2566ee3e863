import { expect } from 'chai';
import { compileKeywordMatcher } from '../../../../plugins/topic-keyword-moderation/keyword-matcher.js';
import { captureAlternation, phraseSource } from '../../../../plugins/topic-keyword-moderation/phrase-pattern.js';
import { foldText, type FoldOptions } from '../../../../plugins/topic-keyword-moderation/text-folding.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

/** The straightforward reading: every keyword's pattern searched in every text, none skipped. */
function everyKeywordSearched(keywords: string[], text: string, fold: FoldOptions): string[] {
  const entries = [...new Set(keywords)]
    .map((keyword) => ({ keyword, source: phraseSource(foldText(keyword, fold)) }))
    .filter((e): e is { keyword: string; source: string } => e.source !== undefined)
    .sort((a, b) => b.source.length - a.source.length);
  if (!entries.length) return [];
  const found = new Set<string>();
  for (const m of foldText(text, fold).matchAll(new RegExp(captureAlternation(entries.map((e) => e.source)), 'gu'))) {
    const group = m.findIndex((g, i) => i > 0 && g !== undefined);
    if (group > 0) found.add(entries[group - 1].keyword);
  }
  return [...found];
}

describe('topic_keyword_moderation keyword matcher', () => {
  const r = seededRandom(359);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)];
  // Every kind of keyword: words, phrases, wildcards at either end and inside, symbols at either
  // end, letters beyond ASCII and in upper case.
  const keywordPool = ['project-x', 'project x', 'acme', 'diagnos*', '*cillin', 'tumou*r', 'law*maker*', '*ab*', 'a**b', 'c++', '$$$', '.net', 'x', 'médical', 'Falcon', 'ÅNGSTRÖM', 'ａｃｍｅ', 'über*', 'code name', '401(k)', '😀 party'];
  const textPieces = [
    ...keywordPool, ...keywordPool.map((k) => k.toUpperCase()), ...keywordPool.flatMap((k) => k.split(/[ *\-]/)),
    ' ', '  ', '-', '_', '\n', '.', ',', 'ing', 's', 'ed', 'pro', 'ject', 'xyz', 'é', 'e\u0301', '\u200b', 'ß', 'İ', '0', '9', '(', ')', '+',
  ];
  const folds: FoldOptions[] = [
    { caseSensitive: false, foldDiacritics: true },
    { caseSensitive: true, foldDiacritics: true },
    { caseSensitive: false, foldDiacritics: false },
  ];

  for (const fold of folds) {
    it(`finds exactly the keywords a search of every pattern finds, on generated texts (${JSON.stringify(fold)})`, () => {
      let found = 0;
      let none = 0;
      for (let n = 0; n < 300; n++) {
        const keywords = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(keywordPool));
        const matcher = compileKeywordMatcher(keywords, [], fold);
        for (let k = 0; k < 20; k++) {
          let text = '';
          const length = 1 + Math.floor(r() * 8);
          for (let p = 0; p < length; p++) text += pick(textPieces) + (r() < 0.5 ? ' ' : '');
          const expected = everyKeywordSearched(keywords, text, fold);
          const folded = foldText(text, fold);
          expect(matcher.match(text, folded).sort(), `${JSON.stringify(keywords)} in ${JSON.stringify(text)}`).to.deep.equal(expected.sort());
          expect(matcher.match(text).sort(), `${JSON.stringify(keywords)} in ${JSON.stringify(text)}`).to.deep.equal(expected.sort());
          if (expected.length) found++;
          else none++;
        }
      }
      expect(found).to.be.greaterThan(500);
      expect(none).to.be.greaterThan(500);
    });
  }
});
