/**
 * What one text says to the toxicity detector: its calibrated model confidence and, per
 * category, the strongest severity its words and phrases carry. The text is normalized
 * (normalize.ts) and its last step, tidy, writes the code units straight into the window
 * scorer, which finds the words and their hashes there: the normalized text is made a string
 * only when something must read it as one (a phrase pattern, a `*` mask, an allow list).
 */
import { severityRank, type Category, type Severity } from './categories.js';
import { LEXICON_WORDS, phraseCues, phrasesCued, phrasesThatCanRaise, phraseTags, wordTags, type Tag } from './lexicon.js';
import { calibrate, toxicityModel } from './model.js';
import { replaceMaskedWords } from './masked-words.js';
import { normalizeText, untidied } from './normalize.js';
import { profanityMatcher } from './profanity-matcher.js';
import { WindowScorer } from './window-scorer.js';
import { WordMemo } from './word-memo.js';

/** What one text says: its calibrated model confidence and category -> strongest severity. */
export interface TextScore {
  confidence: number;
  tags: Map<Category, Severity>;
  /** No lexicon word or phrase: the categories are the model's alone (harassment). */
  modelOnly: boolean;
}

/** Scores texts for one detector instance; keeps its memos and buffers between texts. */
export class TextScorer {
  private readonly model = toxicityModel();
  private readonly windows: WindowScorer;
  private readonly allow: Set<string>;
  private readonly words: WordMemo;
  /** Each masked word's answer (see `unmask`), kept: the same `**bold**` markup comes back prompt after prompt. Emptied when full. */
  private readonly unmasked = new Map<string, string>();

  /** `allowWords`: words never counted (the detector's `allow_words`). */
  constructor(options: { allowWords: readonly string[] }) {
    const matcher = profanityMatcher();
    this.allow = new Set(options.allowWords.map((w) => normalizeText(w)).filter(Boolean));
    const allowing = this.allow.size > 0;
    this.windows = new WindowScorer(this.model);
    // What one word says: its lexicon and obscenity tags (obscenity's only without allow words, as
    // its matches may lie inside an allowed word) and the phrases it is a cue of, remembered per word.
    this.words = new WordMemo((word) => {
      const lexicon = wordTags(word);
      const obscenity = allowing ? [] : matcher.wordTags(word);
      return { tags: obscenity.length ? [...lexicon, ...obscenity] : lexicon, cues: phraseCues(word) };
    });
  }

  /**
   * The score of a text as written. `folded`: the text folded by the detector contract's
   * prepared view, when the caller has it (see normalizeText).
   */
  score(text: string, folded?: () => string): TextScore {
    const letters = this.allow.size ? undefined : untidied(text, folded);
    // Text with astral characters takes the expressions of normalizeText; an allow list reads words as strings.
    if (letters === undefined) return this.scoreNormalized(normalizeText(text, folded));
    this.windows.loadTidied(letters);
    // Only a text holding a `*` can hold a masked word (tidy keeps every `*`).
    if (letters.includes('*')) {
      const normalized = this.windows.text();
      const unmasked = replaceMaskedWords(normalized, this.unmaskKnown);
      if (unmasked !== normalized) this.windows.load(unmasked, ignoreWord);
      return this.scoreLoaded(unmasked);
    }
    return this.scoreLoaded(undefined);
  }

  /**
   * The score of a text already normalized (normalizeText's output): the straightforward path,
   * each step on the whole string. `score` gives the same to the last bit.
   */
  scoreNormalized(normalizedText: string): TextScore {
    // Only the words holding a `*` (the runs between spaces) are read again.
    let normalized = replaceMaskedWords(normalizedText, this.unmaskKnown);
    if (this.allow.size) normalized = normalized.split(' ').filter((w) => !this.allow.has(w)).join(' ');
    this.windows.load(normalized, ignoreWord);
    return this.scoreLoaded(normalized);
  }

  /** The score of the text loaded into the window scorer; `normalized`: that text as a string, if made (else made only when needed). */
  private scoreLoaded(normalized: string | undefined): TextScore {
    const windows = this.windows;
    const words = this.words;
    const tags = new Map<Category, Severity>();
    const note = ([category, severity]: Tag) => {
      const had = tags.get(category);
      if (!had || severityRank(severity) > severityRank(had)) tags.set(category, severity);
    };
    // Each word (every piece between spaces) looked up by the FNV-1a hash the load computed. Tags
    // only raise a category's severity: their order does not matter. (An empty text's one empty
    // piece says nothing.)
    let cues = 0;
    const units = windows.units;
    for (let k = 0; k < windows.wordCount; k++) {
      const entry = words.findInUnits(units, windows.wordStart(k), windows.wordEnd(k), windows.wordHash(k));
      // Most words say nothing: their tags and cues are not read.
      if (entry === WordMemo.SAYS_NOTHING) continue;
      for (const tag of words.tagsOf(entry)) note(tag);
      cues |= words.cuesOf(entry);
    }
    // The model learned tweets: a long text is scored in tweet-sized windows and its most toxic
    // window counts, so one abusive sentence is not diluted by pages of neutral text.
    const confidence = calibrate(windows.mostToxicWindow(), this.model.threshold);
    // Only the phrases that could still raise a category: a text already known for a threat is not searched for another.
    const phrases = phrasesCued(cues) & phrasesThatCanRaise(tags);
    if (phrases) phraseTags(normalized ?? windows.text(), phrases).forEach(note);
    // Toxic by the model but in no lexicon category: abuse in general, i.e. harassment.
    const modelOnly = tags.size === 0;
    if (modelOnly && confidence >= 0.2) tags.set('harassment', confidence >= 0.9 ? 'high' : confidence >= MODEL_ONLY_MIN ? 'medium' : 'low');
    return { confidence, tags, modelOnly };
  }

  /** A masked word's lexicon word, found once per word. */
  private readonly unmaskKnown = (word: string): string => {
    let found = this.unmasked.get(word);
    if (found === undefined) {
      if (this.unmasked.size >= 10_000) this.unmasked.clear();
      found = unmask(word);
      this.unmasked.set(word, found);
    }
    return found;
  };
}

/**
 * Toxic by the model alone, with no lexicon word or phrase: the model learned tweets, so outside
 * them (`I hate Mondays`, `switch to quiet mode`) it needs more certainty; index.ts scales a
 * confidence below this under 0.5, keeping the ranking.
 */
export const MODEL_ONLY_MIN = 0.9;

const ignoreWord = () => undefined;

/** `f*ck`, `n***a`: the lexicon word of about the same length that fits the visible letters. */
function unmask(word: string): string {
  if (!word.includes('*') || !/\p{L}/u.test(word)) return word;
  const re = new RegExp(`^${word.replace(/[^\p{L}*]/gu, '').replace(/\*+/g, (s) => `\\p{L}{${s.length},${s.length + 1}}`)}$`, 'u');
  return LEXICON_WORDS.find((w) => re.test(w)) ?? word;
}
