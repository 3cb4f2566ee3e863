import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureAlternation, phraseSource } from '../../../../plugins/topic-keyword-moderation/phrase-pattern.js';
import { compilePhraseMatcher, type PhraseMatcher } from '../../../../plugins/topic-keyword-moderation/phrase-matcher.js';
import { splitWords } from '../../../../plugins/topic-keyword-moderation/folded-words.js';
import { foldText } from '../../../../plugins/topic-keyword-moderation/text-folding.js';
import { TOPIC_LEXICONS } from '../../../../plugins/topic-keyword-moderation/topic-lexicons.js';

const FOLD = { caseSensitive: false, foldDiacritics: true };
const fixtures = fileURLToPath(new URL('../../../fixtures/detectors/topic-keyword/', import.meta.url));

/** Phrases as the topic and keyword matchers order them: longest regex source first. */
function ordered(terms: string[]): Array<{ phrase: string; source: string }> {
  return terms
    .map((term) => foldText(term, FOLD))
    .map((phrase) => ({ phrase, source: phraseSource(phrase) }))
    .filter((t): t is { phrase: string; source: string } => t.source !== undefined)
    .sort((a, b) => b.source.length - a.source.length);
}

/** What the regex alternation reports: the matched phrase of each match, in order. */
function regexMatches(regex: RegExp, text: string): number[] {
  return [...text.matchAll(regex)].map((m) => m.findIndex((g, i) => i > 0 && g !== undefined) - 1);
}

function wordMatches(matcher: PhraseMatcher, text: string): number[] {
  const found: number[] = [];
  matcher.scan(splitWords(text), (p) => found.push(p) > 0);
  return found;
}

function texts(terms: string[]): string[] {
  const out = readFileSync(join(fixtures, 'topics.txt'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.slice(l.indexOf('|') + 1));
  for (const line of readFileSync(join(fixtures, 'keywords.jsonl'), 'utf8').split('\n')) if (line.trim()) out.push(JSON.parse(line).text);
  // Every term inflected, glued, hyphenated, split over lines and next to symbols and astral letters.
  terms.forEach((term, i) => {
    const t = term.replace(/\*/g, 'ing');
    const other = terms[(i * 7) % terms.length].replace(/\*/g, '');
    out.push(`Q: ${t}? and ${other}-${t.toUpperCase()}s, x${t} ${t}x (${t}) ${t.replace(/ /g, '\n - ')} ${other} ${t}`);
    out.push(`${t}${i % 2 ? ')' : ''} 401(k) 401 (k)s smith&wesson over/under İstanbul ﬁnance 😀${t}😀 \ud800${t}\udc00 𝐝𝐨𝐬𝐞 𝐨𝐟 ${t}\u0301s`);
  });
  return out.map((t) => foldText(t, FOLD));
}

describe('topic_keyword_moderation phrase matcher', () => {
  const lists: Array<[string, string[]]> = [
    ...TOPIC_LEXICONS.map((l): [string, string[]] => [l.name, [...l.strong, ...l.medium, ...l.weak]]),
    ['keywords', ['ass', 'project-x', 'codename falcon', 'acme', 'über secret', 'c++', 'c ++', 'dose', 'dose of']],
    ['wildcards', ['a*b', '*x*', 'law*maker*', 'tumou*r', 'ünï*', '*cillin', 'x', 'x*', '*x']],
  ];

  for (const [name, terms] of lists) {
    it(`finds the same phrases, in the same order, as the regex alternation: ${name}`, () => {
      const compiled = ordered(terms);
      const regex = new RegExp(captureAlternation(compiled.map((t) => t.source)), 'gu');
      const matcher = compilePhraseMatcher(compiled.map((t) => t.phrase))!;
      let found = 0;
      for (const text of texts(terms)) {
        const expected = regexMatches(regex, text);
        expect(wordMatches(matcher, text), text).to.deep.equal(expected);
        found += expected.length;
      }
      expect(found).to.be.greaterThan(terms.length);
    });
  }

  it('leaves phrases with leading symbols or a bare wildcard to the regex', () => {
    expect(compilePhraseMatcher(['#tag'])).to.equal(undefined);
    expect(compilePhraseMatcher(['foo * bar'])).to.equal(undefined);
    expect(compilePhraseMatcher(['401(k)', 'c++'])).to.not.equal(undefined);
  });
});
