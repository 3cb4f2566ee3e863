/**
 * Scores tool output for indirect prompt injection: folds Unicode tricks away, cuts the text into
 * units (units.ts), scores each with the linear model and keeps the highest calibrated score,
 * with the categories of the unit that scored it.
 */
import { allowPhraseMatcher, foldText, foldCase, isAscii } from '../shared/prompt-features/normalize.js';
import { decodePayloads } from '../shared/prompt-features/decoders.js';
import { FAMILIES } from '../shared/prompt-features/patterns.js';
import type { LinearModel } from '../shared/prompt-features/linear-model.js';
import { unitSpans } from './units.js';
import { CUES, isTabular } from './cues.js';
import { emitUnitFeatures, UnitScratch } from './features.js';

/** The score of one tool output and why. */
export interface IndirectVerdict {
  confidence: number;
  categories: string[];
}

/** Scorer options (from the detector settings). */
export interface IndirectScorerOptions {
  decodeEncodings: boolean;
  hiddenTextConfidence: number;
  allowPhrases: readonly string[];
  maxChars: number;
}

const GUARD_CATEGORIES = new Set(['instruction_override', 'persona_jailbreak', 'prompt_extraction', 'fake_delimiter']);
const CUE_CATEGORIES = new Set(['response_manipulation', 'assistant_address', 'code_injection', 'task_injection']);

/** A character beyond Latin-1, which a latin1 copy would not keep. */
const BEYOND_LATIN1 = /[^\x00-\xff]/;

/** Reads tool output with one model; reuse across calls. */
export class IndirectScorer {
  private readonly scratch = new UnitScratch();
  /** Where each unit of the text being read begins and ends (reused by every `units`). */
  private readonly spans: number[] = [];
  /** The family and cue counts of the best unit so far, reused by every `score`. */
  private readonly bestFamilies = new Float64Array(FAMILIES.length);
  private readonly bestCues = new Float64Array(CUES.length);
  private readonly allow: RegExp | null;

  constructor(
    private readonly model: LinearModel,
    private readonly options: IndirectScorerOptions,
  ) {
    this.allow = allowPhraseMatcher(options.allowPhrases);
  }

  /** The folded units of a text and whether it is a table; also used by the training script. */
  units(text: string): { units: string[]; tabular: boolean; tagText: string; tagChars: number } {
    const clipped = text.length > this.options.maxChars ? text.slice(0, this.options.maxChars / 2) + '\n' + text.slice(-this.options.maxChars / 2) : text;
    // Whether the text is ASCII is read once, for its folding and its payload search.
    const ascii = isAscii(clipped);
    const folded = foldText(clipped, ascii);
    const body = this.allow ? folded.text.replace(this.allow, ' ') : folded.text;
    // Each unit is read from one flat copy of the body, by where it begins and ends: a slice of a
    // string (what splitting and trimming make) is read through its parent at every character
    // and pattern step, and the features read each unit a dozen times.
    const spans = unitSpans(body, this.spans);
    const encoding = ascii || !BEYOND_LATIN1.test(body) ? 'latin1' : 'utf16le';
    const width = encoding === 'latin1' ? 1 : 2;
    const bytes = Buffer.from(body, encoding);
    const units: string[] = [];
    for (let k = 0; k < spans.length; k += 2) units.push(bytes.toString(encoding, spans[k] * width, spans[k + 1] * width));
    if (this.options.decodeEncodings) {
      for (const payload of decodePayloads(clipped, ascii)) units.push(foldCase(payload.text).slice(0, 600));
    }
    return { units, tabular: isTabular(body), tagText: folded.tagText, tagChars: folded.tagChars };
  }

  /** Raw logit of one unit, leaving its family and cue counts in the scratch buffers. */
  logitOf(unit: string, tabular: boolean): number {
    this.model.begin();
    emitUnitFeatures(unit, tabular, this.model.hashBits, this.model.sink, this.scratch);
    return this.model.logit();
  }

  /** The highest raw logit over the units of `text` (for calibration and evaluation). */
  rawLogit(text: string): number {
    const { units, tabular } = this.units(text);
    let best = -Infinity;
    for (const u of units) best = Math.max(best, this.logitOf(u, tabular));
    return best;
  }

  /** Scores one tool output. */
  score(text: string): IndirectVerdict {
    const { units, tabular, tagText, tagChars } = this.units(text);
    let best = -Infinity;
    const families = this.bestFamilies.fill(0);
    const cues = this.bestCues.fill(0);
    for (const u of units) {
      const logit = this.logitOf(u, tabular);
      if (logit > best) {
        best = logit;
        families.set(this.scratch.guard.families);
        cues.set(this.scratch.cues);
      }
    }
    let confidence = units.length ? this.model.probability(best) : 0;
    const categories: string[] = [];
    FAMILIES.forEach((f, i) => {
      if (families[i] > 0 && GUARD_CATEGORIES.has(f)) categories.push(f);
    });
    CUES.forEach((c, i) => {
      if (cues[i] > 0 && CUE_CATEGORIES.has(c)) categories.push(c);
    });
    if (tagChars > 0) categories.push('hidden_unicode');
    if (tagText.replace(/[^a-z]/gi, '').length >= 4 && this.options.hiddenTextConfidence > 0) {
      confidence = Math.max(confidence, this.options.hiddenTextConfidence);
    }
    if (categories.length === 0) categories.push('embedded_instruction');
    return { confidence, categories };
  }
}
