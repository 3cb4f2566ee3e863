/**
 * prompt_guard: jailbreak and direct prompt-injection detector. Scores each scanned segment 0..1
 * with a calibrated logistic model over phrase families (instruction override, persona, prompt
 * extraction, refusal suppression, fake delimiters, priming), surface statistics (optimiser
 * suffixes, many-shot dialogues) and hashed n-grams, after undoing Unicode and encoding tricks.
 * Attack cues (attack-cues.ts) beside the model raise the score where a conjunction benign text
 * rarely has fires (override or extraction in nine languages, rule-free personas, pretexts).
 * Reports one hit per request: the highest-scoring segment, with the categories that explain it.
 */
import { defineDetector, SegmentMemo, type DetectorHit, type InspectionRequest } from '../../core/plugin/index.js';
import { InjectionScorer, type TextVerdict } from './scorer.js';
import { promptGuardModel } from './model-file.js';
import { PROMPT_GUARD_SCHEMA_ID, type PromptGuardSettings } from './settings.js';
import { scoreMapping } from '../shared/prompt-features/operating-points.js';

// Categories that mean "instructions smuggled in" rather than "safety bypass".
const INJECTION_CATEGORIES = new Set(['instruction_override', 'prompt_extraction', 'fake_delimiter']);

/** `signal.type` of a hit from its categories. */
function signalType(categories: readonly string[]): 'prompt_injection' | 'jailbreak' {
  return categories.some((c) => INJECTION_CATEGORIES.has(c)) ? 'prompt_injection' : 'jailbreak';
}

export default defineDetector<PromptGuardSettings>({
  kind: 'detector',
  name: 'prompt_guard',
  version: '1.0.0',
  schemaId: PROMPT_GUARD_SCHEMA_ID,
  description: 'Jailbreaks and direct prompt injection in prompts, scored 0..1 (override, persona, extraction, obfuscation, hidden Unicode, many-shot).',
  canTransform: false,
  defaultThreshold: promptGuardModel().threshold,
  create(settings) {
    const model = promptGuardModel();
    // The sensitivity's measured threshold is moved onto the default threshold, once per snapshot.
    const mapScore = scoreMapping(model.operatingPoints, settings.sensitivity);
    const scorer = new InjectionScorer(model, {
      decodeEncodings: settings.decode_encodings,
      hiddenTextConfidence: settings.hidden_text_confidence,
      allowPhrases: settings.allow_phrases,
      maxChars: settings.max_chars,
    });
    const sources = new Set(settings.sources);
    const skipRoles = new Set<string>(settings.skip_roles);
    const verdicts = new SegmentMemo<TextVerdict>();
    const score = (text: string) => scorer.score(text);
    return {
      inspect(request: InspectionRequest): DetectorHit[] {
        let best: { confidence: number; categories: string[] } | undefined;
        for (const segment of request.segments) {
          if (!sources.has(segment.source) || (segment.role && skipRoles.has(segment.role))) continue;
          if (segment.text.trim().length === 0) continue;
          const verdict = verdicts.getFor(request, segment, score);
          if (!best || verdict.confidence > best.confidence) best = verdict;
        }
        if (!best) return [];
        const confidence = mapScore(best.confidence);
        if (confidence < settings.min_confidence) return [];
        return [{ type: signalType(best.categories), confidence: Number(confidence.toFixed(4)), entities: [...best.categories] }];
      },
    };
  },
});
