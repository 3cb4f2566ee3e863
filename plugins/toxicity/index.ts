/**
 * toxicity: harassment, hate, sexual content, violence, self-harm and profanity. A logistic
 * regression trained on Davidson et al. tweets scores how toxic a text is; a category lexicon
 * and the obscenity word list say which categories and how severe. Text is normalized first,
 * so leetspeak, repeated letters and symbols or spaces inside words do not hide a word.
 */
import { defineDetector, preparedText, SegmentMemo, type Detector, type DetectorHit, type InspectionRequest, type InspectSegment } from '../../core/plugin/index.js';
import { CATEGORIES, severityRank, type Category, type Severity } from './categories.js';
import { LEXICON_WORDS, phraseCues, phrasesCued, phrasesThatCanRaise, phraseTags, wordTags, type Tag } from './lexicon.js';
import { calibrate, toxicityModel } from './model.js';
import { replaceMaskedWords } from './masked-words.js';
import { normalizeText } from './normalize.js';
import { profanityMatcher } from './profanity-matcher.js';
import { CONFIDENCE_SHIFT, shiftConfidence } from './sensitivity.js';
import { SCHEMA_ID, type ToxicitySettings } from './settings.js';
import { mostToxicWindow, WindowScorer } from './window-scorer.js';
import { WordMemo } from './word-memo.js';

export type { ToxicitySettings } from './settings.js';

/** A toxicity hit: `type` is `toxicity.<category>`, `entities` is `[category]`. */
export interface ToxicityHit extends DetectorHit {
  severity: Severity;
}

// Confidence a lexicon match alone gives, by severity: a slur or a threat needs no model to be sure.
// Toxic by the model alone, with no lexicon word or phrase: the model learned tweets, so outside
// them (`I hate Mondays`, `switch to quiet mode`) it needs more certainty; below this it is
// scaled under 0.5, keeping the ranking.
const MODEL_ONLY_MIN = 0.9;
// Hits below this say nothing a rule could use.
const MIN_REPORTED = 0.05;
const FLOOR: Record<Severity, number> = { low: 0, medium: 0, high: 0.9 };

// Swearing is unambiguous: a medium profanity word fires even when the model, reading the
// words around it, is unsure (tuned on the tune part: +1.1 points recall, no more false positives).
const PROFANITY_FLOOR = 0.55;
function floorOf(category: Category, severity: Severity): number {
  return category === 'profanity' && severity === 'medium' ? PROFANITY_FLOOR : FLOOR[severity];
}

function severityOf(termSeverity: Severity | undefined, confidence: number): Severity {
  const fromScore: Severity = confidence >= 0.9 ? 'high' : confidence >= 0.7 ? 'medium' : 'low';
  if (!termSeverity) return fromScore;
  return severityRank(termSeverity) >= severityRank(fromScore) ? termSeverity : fromScore;
}

/** What one text says: its calibrated model confidence and category -> strongest severity. */
interface TextScore {
  confidence: number;
  tags: Map<Category, Severity>;
  /** No lexicon word or phrase: the categories are the model's alone (harassment). */
  modelOnly: boolean;
}

function create(settings: ToxicitySettings): Detector {
  const model = toxicityModel();
  const matcher = profanityMatcher();
  const enabled = new Set<Category>(settings.categories);
  const shift = CONFIDENCE_SHIFT[settings.sensitivity ?? 'balanced'];
  const allow = new Set(settings.allow_words.map((w) => normalizeText(w)).filter(Boolean));
  const windowScorer = new WindowScorer(model);

  // What one word says: its lexicon and obscenity tags (obscenity's only without allow words, as
  // its matches may lie inside an allowed word) and the phrases it is a cue of, remembered per word.
  const words = new WordMemo((word) => {
    const lexicon = wordTags(word);
    const obscenity = allow.size ? [] : matcher.wordTags(word);
    return { tags: obscenity.length ? [...lexicon, ...obscenity] : lexicon, cues: phraseCues(word) };
  });

  /** `f*ck`, `n***a`: the lexicon word of about the same length that fits the visible letters. */
  function unmask(word: string): string {
    if (!word.includes('*') || !/\p{L}/u.test(word)) return word;
    const re = new RegExp(`^${word.replace(/[^\p{L}*]/gu, '').replace(/\*+/g, (s) => `\\p{L}{${s.length},${s.length + 1}}`)}$`, 'u');
    return LEXICON_WORDS.find((w) => re.test(w)) ?? word;
  }
  // Each masked word's answer, kept: finding it builds an expression and tries every lexicon word,
  // and the same `**bold**` markup comes back prompt after prompt. Emptied when full.
  const unmasked = new Map<string, string>();
  function unmaskKnown(word: string): string {
    let found = unmasked.get(word);
    if (found === undefined) {
      if (unmasked.size >= 10_000) unmasked.clear();
      found = unmask(word);
      unmasked.set(word, found);
    }
    return found;
  }

  /** Category -> strongest severity found, and the text's calibrated model confidence. */
  function score(segment: InspectSegment): TextScore {
    let normalized = normalizeText(segment.text, () => preparedText(segment).folded);
    // Only the words holding a `*` (the runs between spaces) are read again.
    normalized = replaceMaskedWords(normalized, unmaskKnown);
    if (allow.size) normalized = normalized.split(' ').filter((w) => !allow.has(w)).join(' ');
    const tags = new Map<Category, Severity>();
    const note = ([category, severity]: Tag) => {
      const had = tags.get(category);
      if (!had || severityRank(severity) > severityRank(had)) tags.set(category, severity);
    };
    // One walk over the text copies it for the model and looks up each word (every piece between
    // spaces, as `split(' ')` would cut them) by its FNV-1a hash. Tags only raise a category's
    // severity: their order does not matter.
    let cues = 0;
    windowScorer.load(normalized, (start, end, hash, units) => {
      const entry = words.find(normalized, start, end, hash, units);
      // Most words say nothing: their tags and cues are not read.
      if (entry === WordMemo.SAYS_NOTHING) return;
      for (const tag of words.tagsOf(entry)) note(tag);
      cues |= words.cuesOf(entry);
    });
    // The model learned tweets: a long text is scored in tweet-sized windows and its most toxic
    // window counts, so one abusive sentence is not diluted by pages of neutral text.
    const confidence = calibrate(mostToxicWindow(windowScorer, normalized), model.threshold);
    // Only the phrases that could still raise a category: a text already known for a threat is not searched for another.
    phraseTags(normalized, phrasesCued(cues) & phrasesThatCanRaise(tags)).forEach(note);
    // Toxic by the model but in no lexicon category: abuse in general, i.e. harassment.
    const modelOnly = tags.size === 0;
    if (modelOnly && confidence >= 0.2) tags.set('harassment', confidence >= 0.9 ? 'high' : confidence >= MODEL_ONLY_MIN ? 'medium' : 'low');
    return { confidence, tags, modelOnly };
  }

  // A text's score depends on nothing else: a text seen before is not read again.
  const scores = new SegmentMemo<TextScore>();
  return {
    inspect(request: InspectionRequest): DetectorHit[] {
      const best = new Map<Category, { confidence: number; severity: Severity }>();
      for (const segment of request.segments) {
        if (!segment.text || !/\p{L}/u.test(segment.text)) continue;
        const { confidence, tags, modelOnly } = scores.getFor(request, segment, () => score(segment));
        for (const [category, termSeverity] of tags) {
          const floor = floorOf(category, termSeverity);
          // Above a floor the model still orders texts (floor + the rest scaled), so ties do not flatten rankings.
          // The sensitivity moves the operating point (the severity follows the moved confidence);
          // a floor stays: a slur, a threat or a self-harm phrase is reported at every sensitivity.
          const c =
            modelOnly && confidence < MODEL_ONLY_MIN
              ? (shiftConfidence(confidence, shift) * 0.5) / MODEL_ONLY_MIN
              : floor > 0
                ? floor + (1 - floor) * shiftConfidence(confidence, shift)
                : shiftConfidence(confidence, shift);
          const severity = severityOf(termSeverity, c);
          const had = best.get(category);
          if (!had || c > had.confidence) best.set(category, { confidence: c, severity });
        }
      }
      const hits: ToxicityHit[] = [];
      for (const category of CATEGORIES) {
        const b = best.get(category);
        if (!b || b.confidence < MIN_REPORTED || !enabled.has(category) || severityRank(b.severity) < severityRank(settings.min_severity[category])) continue;
        hits.push({ type: `toxicity.${category}`, confidence: Number(b.confidence.toFixed(4)), entities: [category], severity: b.severity });
      }
      return hits;
    },
  };
}

export default defineDetector<ToxicitySettings>({
  kind: 'detector',
  name: 'toxicity',
  version: '1.0.0',
  schemaId: SCHEMA_ID,
  description: 'Harassment, hate, sexual content, violence, self-harm and profanity, with a severity per category; robust to obfuscated spellings.',
  canTransform: false,
  defaultThreshold: 0.5,
  create,
});
