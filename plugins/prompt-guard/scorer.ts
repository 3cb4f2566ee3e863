/**
 * Scores a text for prompt injection: folds Unicode tricks away, reads the text (a long one as
 * windows instead), its de-obfuscated view and any decoded payloads with the linear model, and
 * keeps the highest calibrated score together with the categories that explain it. The views are
 * read in two stages: the windows (or the plain view of a short text) first, stopping at the
 * first that is sure, and the other views and the attack cues only for a text none of those settled.
 */
import { allowPhraseMatcher, asciiFolding, foldText, isAscii, mayHideText, type FoldedText } from '../shared/prompt-features/normalize.js';
import { deobfuscate } from './deobfuscate.js';
import { CUE_CONFIDENCE, strongestCue } from './attack-cues.js';
import { decodePayloads } from '../shared/prompt-features/decoders.js';
import { atLeast, emitFeatures, FeatureScratch, gramWeights, gramWeightsLike, type SharedWithWhole, type ViewFlags } from '../shared/prompt-features/features.js';
import { TokenIndex } from '../shared/prompt-features/tokens.js';
import { WordIndex } from '../shared/prompt-features/words.js';
import { SymbolRunIndex } from '../shared/prompt-features/symbol-runs.js';
import { LineStarts } from '../shared/prompt-features/line-starts.js';
import { AnchorIndex, FAMILIES, type Family } from '../shared/prompt-features/patterns.js';
import type { LinearModel } from '../shared/prompt-features/linear-model.js';
import { surfaceStats, type SurfaceStats } from '../shared/prompt-features/surface.js';

/** The score of one text and why. */
export interface TextVerdict {
  /** Calibrated 0..1. */
  confidence: number;
  /** Categories that fired, e.g. `instruction_override`, `obfuscation`; never text. */
  categories: string[];
}

/** One way of reading a text: what the model scores. */
export interface TextView {
  /** How the view was read: as written, with disguises undone, decoded, or a window of a long text. */
  kind: 'plain' | 'deobfuscated' | 'decoded' | 'window';
  folded: string;
  visible: string;
  flags: ViewFlags;
  /** What the view reads from its whole text's pass, when it is a slice of a long text (windows). */
  shared?: SharedWithWhole;
}

/** Scorer options (from the detector settings). */
export interface ScorerOptions {
  /** Decode base64/hex/percent/ROT13/reversed payloads and score them too. */
  decodeEncodings: boolean;
  /** Floor the score at this value when Unicode tag characters hide text (0 disables). */
  hiddenTextConfidence: number;
  /** Phrases removed (case-insensitively) before scoring. */
  allowPhrases: readonly string[];
  /** Longer texts are scored on their first and last `maxChars` characters. */
  maxChars: number;
  /**
   * A text one of whose first-stage views (a window of a long text, the plain view) scores at
   * least this (calibrated) is not read further: the other views and the cues could only raise a
   * score that already fires at every rule threshold up to it. Default: {@link sureScore} of the model;
   * Infinity always reads everything.
   */
  stopAt?: number;
}

/**
 * A score from which reading on could change no rule an operator would write: a rule's threshold
 * may be set anywhere (0.95 is common), not only at an operating point, so the stop waits for 0.99
 * (about 0.05 ms more per 4 KB than stopping at `low`'s threshold). It is never below an operating
 * point or the attack cues' confidence.
 */
const STOP_AT_LEAST = 0.99;

/**
 * The calibrated score from which nothing more is read: STOP_AT_LEAST, and at least every
 * operating point's threshold and the attack cues' confidence, so a stop changes no verdict of a
 * rule whose threshold is at most that, and no score a cue could have given.
 */
export function sureScore(model: LinearModel): number {
  return Math.max(STOP_AT_LEAST, CUE_CONFIDENCE, model.operatingPoints.low, model.operatingPoints.balanced, model.operatingPoints.high);
}

/** How many texts were settled by the first stage (windows, plain view), and how many were read fully (for tests and benchmarks). */
export interface Readings {
  early: number;
  full: number;
}

// Families reported as categories when they matched in the winning view.
const REPORTED: ReadonlySet<Family> = new Set([
  'instruction_override', 'persona_jailbreak', 'prompt_extraction', 'refusal_suppression', 'fake_delimiter', 'response_priming',
]);

const WINDOW = 1000;
const STRIDE = 750;
// Texts up to this length are read whole; longer ones as windows. Every labelled prompt source is mostly shorter.
const WINDOWED_FROM = 3000;

/** What the folding of a whole text found hidden in it: what a verdict reports of it. */
type HiddenText = Pick<FoldedText, 'tagText' | 'tagChars' | 'invisibleInWords'>;
const NOTHING_HIDDEN: HiddenText = { tagText: '', tagChars: 0, invisibleInWords: 0 };

/** The flags of a plain view: what folding found, nothing undone or decoded. */
function foldingFlags(folded: FoldedText): ViewFlags {
  return {
    tagChars: folded.tagChars, invisibleInWords: folded.invisibleInWords, homoglyphWords: folded.homoglyphWords,
    spacedRuns: 0, leetWords: 0, encoded: 0,
  };
}

/** Reads texts with one model and one set of options; reuse it across calls. */
export class InjectionScorer {
  private readonly scratch = new FeatureScratch();
  private readonly anchorIndex = new AnchorIndex();
  private readonly tokenIndex = new TokenIndex();
  private readonly wordIndex = new WordIndex();
  private readonly runIndex = new SymbolRunIndex();
  private readonly lineStarts = new LineStarts();
  /** 4-gram weights of the last long text and of its de-obfuscated view (reused between texts). */
  private gramBuffer: Float64Array = new Float64Array(0);
  private likeBuffer: Float64Array = new Float64Array(0);
  private readonly allow: RegExp | null;
  private readonly stopAt: number;
  /** Texts settled by the first stage, and texts read fully, since this scorer was made. */
  readonly readings: Readings = { early: 0, full: 0 };
  /** While viewLogits runs: each view's kind and raw logit as it is scored. */
  private trace: Array<{ kind: TextView['kind']; logit: number }> | null = null;

  constructor(
    private readonly model: LinearModel,
    private readonly options: ScorerOptions,
  ) {
    this.allow = allowPhraseMatcher(options.allowPhrases);
    this.stopAt = options.stopAt ?? sureScore(model);
  }

  /** Every view of `text` the scorer reads: the plain folding, the de-obfuscated one, decoded payloads. */
  views(text: string): { folded: FoldedText; views: TextView[]; ascii: boolean } {
    return this.otherViews(text, this.plainReading(text));
  }

  /** The plain view of `text` alone: the folding, allowed phrases blanked out (`ascii` and the lower case of an ASCII text when known). */
  plainReading(text: string, ascii = isAscii(text), lower?: string): { folded: FoldedText; views: TextView[]; ascii: boolean } {
    // Whether the text is ASCII is read once: its folding (the lower case, with allowed phrases
    // blanked out) is then ASCII too; other text may fold to ASCII, so that is read again.
    const folded = ascii && lower !== undefined ? asciiFolding(lower) : foldText(text, ascii);
    return { folded, views: [{ kind: 'plain', folded: this.withoutAllowed(folded.text), visible: text, flags: foldingFlags(folded) }], ascii };
  }

  /** `read` (a plain reading of `text`) with the de-obfuscated view and decoded payloads added. */
  private otherViews(text: string, read: { folded: FoldedText; views: TextView[]; ascii: boolean }, plainAt = 0): { folded: FoldedText; views: TextView[]; ascii: boolean } {
    const { views, ascii } = read;
    const base = views[plainAt].flags;
    const plain = deobfuscate(views[plainAt].folded);
    if (plain) views.push({ kind: 'deobfuscated', folded: plain.text, visible: plain.text, flags: { ...base, spacedRuns: plain.spacedRuns, leetWords: plain.leetWords } });
    if (this.options.decodeEncodings) {
      for (const payload of decodePayloads(text, ascii)) {
        const inner = foldText(payload.text);
        views.push({ kind: 'decoded', folded: this.withoutAllowed(inner.text), visible: payload.text, flags: { ...base, encoded: 1 } });
      }
    }
    return read;
  }

  /** `text` with the allow-listed phrases blanked out. */
  private withoutAllowed(text: string): string {
    return this.allow ? text.replace(this.allow, ' ') : text;
  }

  /** The raw logit of one view, leaving its family counts in the scratch buffer. */
  logitOf(view: TextView): number {
    this.model.begin();
    emitFeatures(view.folded, view.visible, view.flags, this.model.hashBits, this.model.sink, this.scratch, undefined, view.shared);
    return this.model.logit();
  }

  /**
   * The kind and raw logit of every view `score` reads of `text`, in the order it reads them (all
   * of them with `stopAt: Infinity`): for tests that compare this reading with a plain one.
   */
  viewLogits(text: string): Array<{ kind: TextView['kind']; logit: number }> {
    const trace: Array<{ kind: TextView['kind']; logit: number }> = [];
    this.trace = trace;
    try {
      this.score(text);
    } finally {
      this.trace = null;
    }
    return trace;
  }

  /** Scores `text`. */
  score(text: string): TextVerdict {
    const max = this.options.maxChars;
    if (text.length > max) {
      const head = this.scoreWindow(text.slice(0, max));
      const tail = this.scoreWindow(text.slice(-max));
      return tail.confidence > head.confidence ? tail : head;
    }
    return this.scoreWindow(text);
  }

  /** The highest raw (uncalibrated) logit over the views of `text` that `score` reads (a long text's whole plain view is not one), for calibration. */
  rawLogit(text: string): number {
    const max = this.options.maxChars;
    if (text.length > max) return Math.max(this.rawLogit(text.slice(0, max)), this.rawLogit(text.slice(-max)));
    const windowed = text.length > WINDOWED_FROM;
    let best = -Infinity;
    for (const view of this.windowViews(text).views) if (!(windowed && view.kind === 'plain')) best = Math.max(best, this.logitOf(view));
    return best;
  }

  /**
   * The views of `text`, plus, for a long text, windows of it: an injection buried in a long
   * benign text is diluted in the whole, not in a window around it. (For training: `score` reads
   * a long text's windows but not its whole plain view.)
   */
  windowViews(text: string, plain = this.plainReading(text)): { folded: FoldedText; views: TextView[]; ascii: boolean } {
    const read = this.otherViews(text, plain);
    if (text.length <= WINDOWED_FROM) return read;
    const { views } = read;
    const whole = views[0].folded;
    // The character 4-grams of the whole text are looked up once: a window whose folding is a
    // slice of the whole text's reads their weights from there instead of hashing them again.
    this.gramBuffer = atLeast(this.gramBuffer, whole.length);
    const weights = gramWeights(whole, this.model.hashBits, this.model.weightOf, this.gramBuffer);
    this.shareGramsWithDeobfuscated(views, whole, weights);
    const shared = this.sharedWith(text, read, weights);
    views[0].shared = shared(0, true);
    const lower = !this.allow && read.ascii ? whole : undefined;
    for (let start = 0; start < text.length - WINDOW / 4; start += STRIDE) {
      const view = this.windowView(text, lower, start);
      view.shared = shared(start, view.folded === whole.slice(start, start + view.folded.length));
      views.push(view);
    }
    return read;
  }

  /**
   * A de-obfuscated view among `views` as long as the whole text `whole` (leetspeak read, no
   * spaced letters joined) differs from it only in a few characters: only the grams over those
   * are looked up, the others read from `weights`, the whole text's.
   */
  private shareGramsWithDeobfuscated(views: readonly TextView[], whole: string, weights: Float64Array): void {
    const deobfuscated = views.find((view) => view.kind === 'deobfuscated');
    if (!deobfuscated || deobfuscated.folded.length !== whole.length) return;
    this.likeBuffer = atLeast(this.likeBuffer, whole.length);
    const like = gramWeightsLike(whole, weights, deobfuscated.folded, this.model.hashBits, this.model.weightOf, this.likeBuffer);
    deobfuscated.shared = { grams: { weights: like, start: 0, sinkEach: this.model.sinkEach } };
  }

  /**
   * What the views of a long text read from one pass over the whole of it (`read`, its plain
   * reading): the pattern anchors, word tokens and 4-gram weights of its folding (given, or looked
   * up here), and the word statistics, symbol runs and line starts of the text as written. A view
   * from `start` reads its share of them; the folded parts only when its folding is the whole's
   * slice (`inWhole`).
   */
  private sharedWith(text: string, read: { views: TextView[]; ascii: boolean }, gramWeightsOfWhole?: Float64Array): (start: number, inWhole: boolean) => SharedWithWhole {
    const whole = read.views[0].folded;
    let weights = gramWeightsOfWhole;
    if (!weights) {
      this.gramBuffer = atLeast(this.gramBuffer, whole.length);
      weights = gramWeights(whole, this.model.hashBits, this.model.weightOf, this.gramBuffer);
    }
    const grams = weights;
    const anchors = this.anchorIndex.fill(whole);
    const tokens = this.tokenIndex.fill(whole);
    const words = this.wordIndex.fill(text);
    const runs = this.runIndex.fill(text);
    const lines = this.lineStarts.fill(text);
    return (start, inWhole) => ({
      surface: { words, runs, lines, start },
      ...(inWhole && { grams: { weights: grams, start, sinkEach: this.model.sinkEach }, anchors: { index: anchors, start }, tokens: { index: tokens, start } }),
    });
  }

  /**
   * The window of `text` from `start`. `lower` is the lower case of an ASCII text without allowed
   * phrases: its folding, of which each window's is a slice; other windows are folded on their own.
   */
  private windowView(text: string, lower: string | undefined, start: number): TextView {
    const slice = text.slice(start, start + WINDOW);
    const folded = lower !== undefined ? asciiFolding(lower.slice(start, start + WINDOW)) : foldText(slice);
    return { kind: 'window', folded: this.withoutAllowed(folded.text), visible: slice, flags: foldingFlags(folded) };
  }

  /**
   * Scores `text` (at most maxChars long) in two stages. The first reads the windows of a long
   * text in order (a short text: its plain view) and stops at the first that is sure (stopAt):
   * nothing else could change a verdict then. The second, the full reading, adds the
   * de-obfuscated and decoded views, then the attack cues when the model is still below their
   * confidence. The score is the highest of the views read, as if all had been.
   */
  private scoreWindow(text: string): TextVerdict {
    const ascii = isAscii(text);
    const lower = ascii ? text.toLowerCase() : undefined;
    const views: TextView[] = [];
    this.best = -Infinity;
    this.bestView = 0;
    this.bestStats = undefined;
    const windowed = text.length > WINDOWED_FROM;
    if (windowed) {
      // An attack in a long prompt is least diluted in the window around it, and a window is a
      // quarter of the text: most attacks are settled by the first window or two. The whole text
      // is not scored as one view (a window was the best view of 395 of 400 benign 4 KB prompts
      // and the evaluation figures are the same without it), so each window is read on its own
      // and nothing is indexed whole. What the whole text hides is only looked for.
      const sliced = this.allow ? undefined : lower;
      for (let start = 0; start < text.length - WINDOW / 4; start += STRIDE) {
        views.push(this.windowView(text, sliced, start));
        if (this.consider(views, views.length - 1)) return this.settledEarly(ascii || !mayHideText(text) ? NOTHING_HIDDEN : foldText(text, false), views);
      }
    }
    // The whole text's folding: a short text's view, and what a long one's other views, its
    // hidden text and the attack cues are read from.
    const read = this.plainReading(text, ascii, lower);
    views.push(read.views[0]);
    if (!windowed && this.consider(views, views.length - 1)) return this.settledEarly(read.folded, views);
    this.readings.full++;
    read.views = views;
    const first = views.length;
    this.otherViews(text, read, views.length - 1);
    for (let i = first; i < views.length; i++) this.consider(views, i);
    return this.verdict(read.folded, views, this.bestView, this.best, this.bestFamilies, this.bestStats, true);
  }

  /** The best view of the text being scored so far: its logit, place, surface statistics and family counts. */
  private best = -Infinity;
  private bestView = 0;
  private bestStats: SurfaceStats | undefined;
  private readonly bestFamilies = new Float64Array(FAMILIES.length);

  /** Scores `views[i]`, keeping it when it is the best so far; whether it is sure (stopAt). */
  private consider(views: readonly TextView[], i: number): boolean {
    const logit = this.logitOf(views[i]);
    if (this.trace) this.trace.push({ kind: views[i].kind, logit });
    if (logit > this.best) {
      this.best = logit;
      this.bestView = i;
      this.bestStats = this.scratch.stats;
      this.bestFamilies.set(this.scratch.families);
    }
    return this.model.probability(logit) >= this.stopAt;
  }

  /** The verdict of a text the first stage is sure of: the best view read, no cues (`hidden`: the whole text's hiding tricks). */
  private settledEarly(hidden: HiddenText, views: readonly TextView[]): TextVerdict {
    this.readings.early++;
    return this.verdict(hidden, views, this.bestView, this.best, this.bestFamilies, this.bestStats, false);
  }

  /** The verdict of view `bestView` of `views` scoring `best`, with the attack cues read over the views when `cues`. */
  private verdict(folded: HiddenText, views: readonly TextView[], bestView: number, best: number, families: Float64Array, bestStats: SurfaceStats | undefined, cues: boolean): TextVerdict {
    let confidence = this.model.probability(best);
    const categories: string[] = [];
    FAMILIES.forEach((family, i) => {
      if (families[i] > 0 && REPORTED.has(family)) categories.push(family);
    });
    // The cue layer: a conjunction the model's features cannot express raises the score, never
    // lowers it, so it is not read when the model is already as sure.
    const cue = cues && confidence < CUE_CONFIDENCE ? strongestCue(views) : undefined;
    if (cue) {
      confidence = Math.max(confidence, cue.confidence);
      if (!categories.includes(cue.category)) categories.push(cue.category);
    }
    const view = views[bestView];
    if (view.kind === 'deobfuscated' || view.kind === 'decoded' || view.flags.homoglyphWords > 0) categories.push('obfuscation');
    const hiddenText = folded.tagText.replace(/[^a-z]/gi, '').length >= 4;
    if (folded.tagChars > 0 || folded.invisibleInWords > 2) categories.push('hidden_unicode');
    if (hiddenText && this.options.hiddenTextConfidence > 0) confidence = Math.max(confidence, this.options.hiddenTextConfidence);
    if (/^[ \t>#*-]*(?:user|human|assistant|ai|q|a)\s*[:：]/im.test(view.visible) && countTurns(view.visible) >= 6) categories.push('many_shot');
    const stats = bestStats ?? surfaceStats(view.visible);
    if (stats.tailOddWords >= 0.6 || stats.symbolRuns >= 1.5) categories.push('adversarial_suffix');
    if (categories.length === 0) categories.push(families[FAMILIES.indexOf('harmful_topic')] > 0 ? 'harmful_roleplay' : 'jailbreak_language');
    return { confidence, categories };
  }
}

const TURN_LINE = /^[ \t>#*-]*(?:user|human|assistant|ai|bot|q|a|question|answer)\s*\d*\s*[:：]/gim;
function countTurns(text: string): number {
  let n = 0;
  TURN_LINE.lastIndex = 0;
  while (n < 50 && TURN_LINE.exec(text) !== null) n++;
  return n;
}
