/**
 * Attack cues: a high-precision layer beside prompt_guard's linear model. Each cue is a
 * conjunction benign prompts rarely have (an imperative to ignore + a reference to prior
 * instructions; a request to reveal + the assistant's own prompt; a persona frame + lifted limits
 * or a harmful request; a pretext + a harmful request with operational detail), written as small
 * word lists in eight languages besides English. Cues read the scorer's folded views (lower case,
 * accents removed), so the word lists are written folded too.
 *
 * A cue never lowers a score: the detector's confidence becomes the larger of the model's and
 * {@link CUE_CONFIDENCE}. Every family sits behind one cheap gate: a text without any of the
 * family's key words costs a single regular-expression scan for all families together.
 */
import {
  OVERRIDE_GATE, OVERRIDE_PATTERNS,
  EXTRACTION_GATE, EXTRACTION_PATTERNS,
  PERSONA_GATE, PERSONA_FRAME, LIMITS_REMOVED, HIJACK_PAYLOAD,
  PRETEXT_GATE, PRETEXT_FRAME, OPERATIONAL_DETAIL,
  HARMFUL_GATE, HARMFUL_REQUEST,
  META_DISCUSSION,
} from './attack-cue-words.js';

/** Confidence a cue gives (calibrated scale): above `balanced` and `high`, below `low`'s 0.91. */
export const CUE_CONFIDENCE = 0.9;

/** What a cue found: the category it reports. */
export type CueCategory = 'instruction_override' | 'prompt_extraction' | 'persona_jailbreak' | 'persuasion';

/** The cue that fired on a text, if any. */
export interface CueHit {
  category: CueCategory;
  confidence: number;
}

// One scan over the text for any key word of any family; most prompts stop here.
const ANY_GATE = new RegExp([OVERRIDE_GATE, EXTRACTION_GATE, PERSONA_GATE, PRETEXT_GATE, HARMFUL_GATE].map((g) => g.source).join('|'), 'u');

function anyOf(patterns: readonly RegExp[], text: string): boolean {
  for (const pattern of patterns) if (pattern.test(text)) return true;
  return false;
}

/**
 * The first cue that fires on a folded text (as the scorer folds it: lower case, accents
 * removed), or undefined. Texts that discuss attacks (how to protect against, what is, an
 * example of) are left to the model.
 */
export function attackCue(folded: string): CueHit | undefined {
  const hit = cueOf(folded);
  // Words joined by underscores ("ignore_all_previous_instructions") are read apart as well.
  if (hit || !folded.includes('_')) return hit;
  return cueOf(folded.replace(/_+/g, ' '));
}

// A frame and what it wraps count together only this close (a long prompt pasted from many
// sources can hold a role-play line in one place and a harmful word far away).
const NEAR = 300;

/** Whether `frame` matches within {@link NEAR} characters of `match`. */
function frameNear(frame: RegExp, text: string, match: RegExpExecArray | null): boolean {
  if (!match) return false;
  return frame.test(text.slice(Math.max(0, match.index - NEAR), match.index + match[0].length + NEAR));
}

function cueOf(folded: string): CueHit | undefined {
  if (!ANY_GATE.test(folded)) return undefined;
  if (META_DISCUSSION.test(folded)) return undefined;
  if (OVERRIDE_GATE.test(folded) && anyOf(OVERRIDE_PATTERNS, folded)) return { category: 'instruction_override', confidence: CUE_CONFIDENCE };
  if (EXTRACTION_GATE.test(folded) && anyOf(EXTRACTION_PATTERNS, folded)) return { category: 'prompt_extraction', confidence: CUE_CONFIDENCE };
  const harmful = HARMFUL_GATE.test(folded) ? HARMFUL_REQUEST.exec(folded) : null;
  if (PERSONA_GATE.test(folded)
    && (frameNear(PERSONA_FRAME, folded, harmful) || frameNear(PERSONA_FRAME, folded, LIMITS_REMOVED.exec(folded)) || frameNear(PERSONA_FRAME, folded, HIJACK_PAYLOAD.exec(folded)))) {
    return { category: 'persona_jailbreak', confidence: CUE_CONFIDENCE };
  }
  if (harmful && (frameNear(PRETEXT_FRAME, folded, harmful) || frameNear(OPERATIONAL_DETAIL, folded, harmful))) return { category: 'persuasion', confidence: CUE_CONFIDENCE };
  return undefined;
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
