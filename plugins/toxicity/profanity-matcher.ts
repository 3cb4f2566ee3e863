/**
 * The obscenity package's English word list and matcher (which also handles leetspeak,
 * confusable letters and repeated characters), mapped onto Portcullis categories.
 */
import { RegExpMatcher, SyntaxKind, englishDataset, englishRecommendedTransformers, type ParsedPattern } from 'obscenity';
import { escapeRegExp } from '../shared/regexp-literal.js';
import type { Tag } from './lexicon.js';

// obscenity's `originalWord` -> category and severity.
const HATE = new Set(['abeed', 'africoon', 'arabush', 'boonga', 'chingchong', 'chink', 'dyke', 'fag', 'kike', 'nigger', 'tranny']);
// Also everyday words elsewhere (`abo`, Spanish `negro`): medium, so the model decides.
const HATE_MEDIUM = new Set(['abo', 'negro', 'retard', 'spastic']);
const PROFANE = new Set(['ass', 'bastard', 'bitch', 'cuck', 'cunt', 'fuck', 'prick', 'shit', 'twat']);
const MILD = new Set(['arse', 'bollocks', 'piss', 'turd']);
const VIOLENT = new Set(['rape']);

function tagOf(word: string): Tag {
  if (HATE.has(word)) return ['hate', 'high'];
  if (HATE_MEDIUM.has(word)) return ['hate', 'medium'];
  if (PROFANE.has(word)) return ['profanity', 'medium'];
  if (MILD.has(word)) return ['profanity', 'low'];
  if (VIOLENT.has(word)) return ['violence', 'high'];
  return ['sexual', 'medium'];
}

const NONE: Tag[] = [];

/**
 * How many times the matcher keeps a letter repeated in a row: its English preset keeps two of
 * these letters and one of any other, so `booobs` is read as `boobs` and `fuuuck` as `fuck`.
 * (profanity-filter.test.ts fails should a new version of the preset read runs otherwise.)
 */
const KEPT_IN_A_ROW: Readonly<Record<string, number>> = { b: 2, e: 2, o: 2, l: 2, s: 2, g: 2 };

/** `word` (lower-case ASCII letters) as the matcher reads it: runs of a letter cut to what it keeps. */
function collapsedRuns(word: string): string {
  let out = '';
  let last = '';
  let left = 0;
  for (const letter of word) {
    if (letter === last) {
      if (left-- > 0) out += letter;
      continue;
    }
    last = letter;
    left = (KEPT_IN_A_ROW[letter] ?? 1) - 1;
    out += letter;
  }
  return out;
}

/** A pattern of the list as a regular expression without its word boundaries: it matches wherever the pattern does, and more. */
function looserSource(pattern: ParsedPattern): string {
  const node = (n: ParsedPattern['nodes'][number]): string => {
    if (n.kind === SyntaxKind.Literal) return escapeRegExp(String.fromCharCode(...n.chars));
    if (n.kind === SyntaxKind.Wildcard) return '.';
    if (n.kind === SyntaxKind.Optional) return `(?:${node(n.childNode)})?`;
    throw new Error(`profanity matcher: a pattern node of unknown kind ${(n as { kind: unknown }).kind}`);
  };
  return pattern.nodes.map(node).join('');
}

/**
 * Whether a word of lower-case ASCII letters may hold a listed word. The matcher's transformers
 * (confusable and leetspeak characters, case) leave such a word as it is but for its runs of a
 * letter, so one expression of every listed pattern, word boundaries left out, over the collapsed
 * word finds every word the matcher could match, and more. Nearly every word of a prompt fails
 * it in well under a microsecond, where the matcher takes about twenty.
 */
export function listedWordFilter(patterns: readonly ParsedPattern[]): (word: string) => boolean {
  const any = new RegExp(patterns.map(looserSource).join('|'), 's');
  return (word) => any.test(collapsedRuns(word));
}

const LOWER_ASCII_LETTERS = /^[a-z]+$/;

/** Whether a normalized word holds anything but digits and `*` (normalized words hold nothing else). */
function hasLetter(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c !== 42 && (c < 48 || c > 57)) return true;
  }
  return false;
}

/**
 * A matcher built once. `wordTags(word)` lists the category of every listed word found in one
 * normalized word (the caller memoizes it: running the matcher over a whole 4 KB prompt costs
 * milliseconds, while most words of a prompt were seen before); two-word phrases of the list
 * are in the lexicon instead. `tags(normalized)` does the same for every word of a text.
 */
export function profanityMatcher(): { wordTags(word: string): Tag[]; tags(normalized: string): Tag[] } {
  const listed = englishDataset.build();
  const matcher = new RegExpMatcher({ ...listed, ...englishRecommendedTransformers });
  const mayHoldListed = listedWordFilter(listed.blacklistedTerms.map((term) => term.pattern));
  const wordTags = (word: string): Tag[] => {
    // Longer runs are no words (and would make the matcher slow). A run of digits is a number
    // (an order, a price, a room): the matcher would read it as leetspeak (`455`, `7175`), and
    // normalization has already spelled out the leetspeak of every word that holds a letter.
    if (word.length < 3 || word.length > 40 || !hasLetter(word)) return NONE;
    if (LOWER_ASCII_LETTERS.test(word) && !mayHoldListed(word)) return NONE;
    let tags = NONE;
    for (const match of matcher.getAllMatches(word)) {
      const original = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
      if (!original) continue;
      // Inside a word only the plain spelling counts (`bullshit`, `clusterfuck`): a loose match
      // in the middle of an ordinary word (`traf-fick-ing`) is not profanity.
      const inner = word.slice(match.startIndex, match.endIndex + 1).replace(/(\p{L})\1+/gu, '$1');
      if (match.startIndex > 0 && !inner.includes(original)) continue;
      tags = tags === NONE ? [tagOf(original)] : [...tags, tagOf(original)];
    }
    return tags;
  };
  return {
    wordTags,
    tags(normalized: string): Tag[] {
      const out: Tag[] = [];
      // Each distinct word once: its tags are the same wherever it occurs.
      for (const word of new Set(normalized.split(' '))) out.push(...wordTags(word));
      return out;
    },
  };
}
