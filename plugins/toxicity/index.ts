/**
 * toxicity: harassment, hate, sexual content, violence, self-harm and profanity. A logistic
 * regression trained on Davidson et al. tweets scores how toxic a text is; a category lexicon
 * and the obscenity word list say which categories and how severe. Text is normalized first,
 * so leetspeak, repeated letters and symbols or spaces inside words do not hide a word.
 */
import { defineDetector, preparedText, SegmentMemo, type Detector, type DetectorHit, type InspectionRequest, type InspectSegment } from '../../core/plugin/index.js';
import { CATEGORIES, severityRank, type Category, type Severity } from './categories.js';
import { CONFIDENCE_SHIFT, shiftConfidence } from './sensitivity.js';
import { SCHEMA_ID, type ToxicitySettings } from './settings.js';
import { MODEL_ONLY_MIN, TextScorer, type TextScore } from './text-scorer.js';

export type { ToxicitySettings } from './settings.js';

/** A toxicity hit: `type` is `toxicity.<category>`, `entities` is `[category]`. */
export interface ToxicityHit extends DetectorHit {
  severity: Severity;
}

// Confidence a lexicon match alone gives, by severity: a slur or a threat needs no model to be sure.
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

function create(settings: ToxicitySettings): Detector {
  const enabled = new Set<Category>(settings.categories);
  const shift = CONFIDENCE_SHIFT[settings.sensitivity ?? 'balanced'];
  const texts = new TextScorer({ allowWords: settings.allow_words });
  const score = (segment: InspectSegment) => texts.score(segment.text, () => preparedText(segment).folded);

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
