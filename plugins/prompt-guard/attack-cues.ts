/**
 * Attack cues: a high-precision layer beside prompt_guard's linear model. Each cue is a
 * conjunction benign prompts rarely have (an imperative to ignore + a reference to prior
 * instructions; a request to reveal + the assistant's own prompt; a persona frame + lifted limits
 * or a harmful request; a pretext + a harmful request with operational detail), written as small
 * word lists in eight languages besides English. Cues read the scorer's folded views (lower case,
 * accents removed), so the word lists are written folded too.
 *
 * A cue never lowers a score: the detector's confidence becomes the larger of the model's and
 * {@link CUE_CONFIDENCE}. Cost: one scan of the text for the rarer half of any family's conjunction
 * (an imperative to ignore, the assistant's own prompt named, lifted limits, a harmful capability);
 * the full patterns are tried only in the sentence or the few hundred characters around a hit.
 */
import {
  OVERRIDE_ANCHOR, OVERRIDE_BY_LANGUAGE,
  EXTRACTION_ANCHOR, EXTRACTION_PATTERNS, EXTRACTION_AT_START,
  PERSONA_ANCHOR, PERSONA_FRAME, LIMITS_REMOVED, HIJACK_PAYLOAD,
  PRETEXT_FRAME, OPERATIONAL_DETAIL,
  HARMFUL_ANCHOR, HARMFUL_REQUEST,
  META_DISCUSSION,
} from './attack-cue-words.js';
import { literalPrefixes, PrefixSet } from '../shared/prompt-features/literal-prefixes.js';

/** Confidence a cue gives (calibrated scale): above `balanced` and `high`, below `low`'s 0.91. */
export const CUE_CONFIDENCE = 0.9;

/** What a cue found: the category it reports. */
export type CueCategory = 'instruction_override' | 'prompt_extraction' | 'persona_jailbreak' | 'persuasion';

/** The cue that fired on a text, if any. */
export interface CueHit {
  category: CueCategory;
  confidence: number;
}

// A frame and what it wraps count together only this close (a long prompt pasted from many
// sources can hold a role-play line in one place and a harmful word far away).
const NEAR = 300;
// A sentence is read at most this far either side of a hit.
const SENTENCE_REACH = 250;
// Hits of the scan looked at per text: a text made of nothing but cue words stops here.
const MAX_HITS = 64;
const SENTENCE_END = /[.!?\n。！？]/;

/** The sentence around `start..end` of `text` (bounded), where every gap of a pattern stays. */
function sentenceAround(text: string, start: number, end: number): [number, string] {
  let from = start;
  const floor = Math.max(0, start - SENTENCE_REACH);
  while (from > floor && !SENTENCE_END.test(text[from - 1])) from--;
  let to = end;
  const ceiling = Math.min(text.length, end + SENTENCE_REACH);
  while (to < ceiling && !SENTENCE_END.test(text[to])) to++;
  return [from, text.slice(from, Math.min(text.length, to + 1))];
}

function anyOf(patterns: readonly RegExp[], text: string): boolean {
  for (const pattern of patterns) if (pattern.test(text)) return true;
  return false;
}

/** The text within {@link NEAR} characters of a match. */
function around(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - NEAR), index + length + NEAR);
}

// Scripts written with spaces between words (Latin, Cyrillic) need a word to start at a hit;
// Chinese and Japanese words sit between other letters.
const LETTER = /[\p{L}\p{N}]/u;
function startsWord(text: string, index: number): boolean {
  if (index === 0 || text.charCodeAt(index) >= 0x3000) return true;
  const before = text.charCodeAt(index - 1);
  // ASCII without a regular expression: the text is mostly that.
  if (before < 0x80) return !((before >= 0x61 && before <= 0x7a) || (before >= 0x30 && before <= 0x39) || (before >= 0x41 && before <= 0x5a));
  return !LETTER.test(text[index - 1]);
}

// One scan for where any cue can be: each family's rarer half is a capture group.
const enum Part { Override = 1, Extraction, Persona, Harm }
// Tried only where a hit may count (a word's start, or any Chinese or Japanese character):
// sticky at those few positions instead of a search trying every alternative at every character.
const SCAN_PARTS = [OVERRIDE_ANCHOR, EXTRACTION_ANCHOR, PERSONA_ANCHOR, HARMFUL_ANCHOR];
const SCAN = new RegExp(SCAN_PARTS.map((source) => `(${source})`).join('|'), 'uy');

// Where a hit of the scan can begin: the literal prefixes of its words (a match begins with one
// of them). Most word starts of a benign text begin none, and are passed over without running
// the scan's large alternation there. Null (no such check) if a word had no literal start.
const SCAN_PREFIXES = ((): PrefixSet | null => {
  const prefixes = SCAN_PARTS.map((source) => literalPrefixes(source, 1 << 16));
  if (prefixes.some((list) => list === null || list.some((prefix) => prefix.length === 0))) return null;
  return new PrefixSet(prefixes.flat() as string[]);
})();

/** Whether a hit of the scan can begin at `index` of `text`. */
function mayBeginHit(text: string, index: number): boolean {
  return SCAN_PREFIXES === null || SCAN_PREFIXES.beginsAt(text, index);
}

/** Scan tests run since the module loaded: how much work the cues do (for tests). */
let scanTrials = 0;

/** The number of times the cue scan was tried at a position so far. */
export function cueScanTrials(): number {
  return scanTrials;
}

function partOf(hit: RegExpExecArray): Part {
  if (hit[Part.Override] !== undefined) return Part.Override;
  if (hit[Part.Extraction] !== undefined) return Part.Extraction;
  return hit[Part.Persona] !== undefined ? Part.Persona : Part.Harm;
}

/** Whether the override patterns of a language whose imperative stands at `index` match in `sentence`. */
function overrideIn(text: string, index: number, sentence: string): boolean {
  for (const language of OVERRIDE_BY_LANGUAGE) {
    language.verb.lastIndex = index;
    if (language.verb.test(text) && anyOf(language.patterns, sentence)) return true;
  }
  return false;
}

/** The category of the first cue whose conjunction holds around a hit of the scan. */
function cueOf(text: string): CueCategory | undefined {
  if (anyOf(EXTRACTION_AT_START, text)) return 'prompt_extraction';
  let overrideSentence = -1;
  let extractionSentence = -1;
  for (let index = 0, hits = 0; index < text.length && hits < MAX_HITS; index++) {
    // Cheapest first: a unit no cue word begins with, then a position inside a word.
    if ((SCAN_PREFIXES !== null && !SCAN_PREFIXES.mayBeginWith(text.charCodeAt(index))) || !startsWord(text, index) || !mayBeginHit(text, index)) continue;
    scanTrials++;
    SCAN.lastIndex = index;
    const hit = SCAN.exec(text);
    if (!hit) continue;
    hits++;
    const end = index + hit[0].length;
    switch (partOf(hit)) {
      case Part.Override:
      case Part.Extraction: {
        const override = hit[Part.Override] !== undefined;
        const [from, sentence] = sentenceAround(text, index, end);
        // A sentence is read once per family.
        if (from === (override ? overrideSentence : extractionSentence)) break;
        if (override) overrideSentence = from;
        else extractionSentence = from;
        if (override ? overrideIn(text, index, sentence) : anyOf(EXTRACTION_PATTERNS, sentence)) return override ? 'instruction_override' : 'prompt_extraction';
        break;
      }
      case Part.Persona: {
        // The phrase around the word is checked, then the persona frame is looked for nearby.
        const local = text.slice(Math.max(0, index - 40), end + 40);
        if ((LIMITS_REMOVED.test(local) || HIJACK_PAYLOAD.test(local)) && PERSONA_FRAME.test(around(text, index, end - index))) return 'persona_jailbreak';
        break;
      }
      case Part.Harm: {
        // The request's verb comes within a few words before its object.
        if (!HARMFUL_REQUEST.test(text.slice(Math.max(0, index - 60), end + 60))) break;
        const context = around(text, index, end - index);
        if (PERSONA_FRAME.test(context)) return 'persona_jailbreak';
        if (PRETEXT_FRAME.test(context) || OPERATIONAL_DETAIL.test(context)) return 'persuasion';
        break;
      }
    }
  }
  return undefined;
}

/**
 * The first cue that fires on a folded text (as the scorer folds it: lower case, accents
 * removed), or undefined. Words joined by underscores ("ignore_all_previous_instructions") are
 * read apart. Texts that discuss attacks (how to protect against them, what one is, an example of
 * one) are left to the model.
 */
export function attackCue(folded: string): CueHit | undefined {
  const text = folded.includes('_') ? folded.replace(/_+/g, ' ') : folded;
  const category = cueOf(text);
  if (!category || META_DISCUSSION.test(text)) return undefined;
  return { category, confidence: CUE_CONFIDENCE };
}

/**
 * The first cue that fires on any of a text's whole views (as written, with disguises undone,
 * decoded payloads), or undefined. Windows of a long text are slices of its plain view, which is
 * read whole, so they are skipped.
 */
export function strongestCue(views: readonly { kind: string; folded: string }[]): CueHit | undefined {
  for (const view of views) {
    if (view.kind === 'window') continue;
    const hit = attackCue(view.folded);
    if (hit) return hit;
  }
  return undefined;
}
