/**
 * Topics compiled into scorers. A topic is a built-in lexicon (named by its name or an alias),
 * operator seed terms, or free text: a name like "space travel" that is no built-in topic
 * matches when the whole phrase occurs or when all of its content words occur.
 * Topic matching always ignores case (lexicons are lower case); `case_sensitive` is for keywords.
 */
import { foldText } from './text-folding.js';
import { phraseSource } from './phrase-pattern.js';
import { compileTermMatcher } from './term-matcher.js';
import type { FoldedWords } from './folded-words.js';
import { MEDIUM, STRONG, TOPIC_LEXICONS, WEAK, type TopicLexicon } from './topic-lexicons.js';
import type { TopicSpec } from './settings.js';

/** A term and the evidence it carries. */
interface WeightedTerm {
  term: string;
  weight: number;
}

/** One compiled topic. */
export interface TopicScorer {
  /** The topic as the policy named it: the finding's entity. */
  name: string;
  /** Noisy-or of the weights of the distinct terms found in already-folded text, 0..1. */
  score(text: FoldedWords): number;
  /**
   * The score words `from` to `to` of a text would have as a text of their own (a chunk of it);
   * absent when the topic has a term that must be searched in the chunk's own string.
   */
  scoreRange?: (text: FoldedWords, from: number, to: number) => number;
}

const FOLD = { caseSensitive: false, foldDiacritics: true };
const STOPWORDS = new Set([
  'the', 'and', 'for', 'with', 'about', 'any', 'all', 'from', 'into', 'our', 'your', 'their', 'other', 'related',
  'topics', 'topic', 'questions', 'question', 'discussion', 'discussions', 'talk', 'content', 'things', 'stuff',
]);

/** Normalises a topic name for lookup: "Medical_Advice" and "medical-advice" become "medical advice". */
function topicKey(name: string): string {
  return foldText(name, FOLD).replace(/[_\-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

const BUILT_INS = new Map<string, TopicLexicon>();
for (const lexicon of TOPIC_LEXICONS) {
  for (const key of [lexicon.name, ...lexicon.aliases]) BUILT_INS.set(topicKey(key), lexicon);
}

/** The built-in lexicon a topic name refers to, if any. */
function builtInTopic(name: string): TopicLexicon | undefined {
  return BUILT_INS.get(topicKey(name));
}

function lexiconTerms(lexicon: TopicLexicon): WeightedTerm[] {
  return [
    ...lexicon.strong.map((term) => ({ term, weight: STRONG })),
    ...lexicon.medium.map((term) => ({ term, weight: MEDIUM })),
    ...lexicon.weak.map((term) => ({ term, weight: WEAK })),
  ];
}

// Free text: the phrase is strong evidence; its words, each allowed an inflection, only together.
function freeTextTerms(name: string): WeightedTerm[] {
  const key = topicKey(name);
  const words = [...new Set(key.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !STOPWORDS.has(w)))];
  if (words.length === 0) return key ? [{ term: key, weight: 0.9 }] : [];
  if (words.length === 1) return [{ term: key, weight: 0.9 }, { term: `${words[0]}*`, weight: STRONG }];
  // n words of weight w reach 0.5 together: 1 - (1 - w)^n >= 0.5.
  const weight = 1 - Math.pow(0.5, 1 / words.length) + 0.001;
  return [{ term: key, weight: 0.9 }, ...words.map((w) => ({ term: `${w}*`, weight }))];
}

/** The name and weighted terms a topic spec stands for. */
function resolveTopic(spec: TopicSpec): { name: string; terms: WeightedTerm[] } {
  const name = typeof spec === 'string' ? spec : spec.name;
  const lexicon = builtInTopic(name);
  const terms = lexicon ? lexiconTerms(lexicon) : freeTextTerms(name);
  if (typeof spec !== 'string') for (const term of spec.terms ?? []) terms.push({ term: foldText(term, FOLD), weight: STRONG });
  return { name, terms };
}

/** Compiles a topic into a scorer: its terms as a phrase matcher over words. */
export function compileTopic(spec: TopicSpec): TopicScorer {
  const { name, terms } = resolveTopic(spec);
  const compiled = terms
    .map((t) => {
      const phrase = foldText(t.term, FOLD);
      return { ...t, phrase, source: phraseSource(phrase) };
    })
    .filter((t): t is WeightedTerm & { phrase: string; source: string } => t.source !== undefined)
    .sort((a, b) => b.source.length - a.source.length);
  if (!compiled.length) return { name, score: () => 0, scoreRange: () => 0 };
  const matcher = compileTermMatcher(compiled);
  // Terms already counted in the current score: marked with the score's number, so nothing is
  // cleared or allocated per score (scores run one at a time).
  const seenIn = new Int32Array(compiled.length);
  let scoring = 0;
  let miss = 1;
  const visit = (term: number): boolean => {
    if (seenIn[term] === scoring) return true;
    seenIn[term] = scoring;
    miss *= 1 - compiled[term].weight;
    return miss >= 0.01;
  };
  const start = () => {
    // Past 2^31 scores the numbers wrap; a cleared table keeps an old mark from counting.
    if (++scoring === 0x7fffffff) {
      seenIn.fill(0);
      scoring = 1;
    }
    miss = 1;
  };
  const { scanRange } = matcher;
  return {
    name,
    score(text: FoldedWords): number {
      start();
      matcher.scan(text, visit);
      return 1 - miss;
    },
    scoreRange: scanRange
      ? (text, from, to) => {
          start();
          scanRange(text, visit, from, to);
          return 1 - miss;
        }
      : undefined,
  };
}

/** Text folded the way topic scorers expect. */
export function foldForTopics(text: string): string {
  return foldText(text, FOLD);
}
