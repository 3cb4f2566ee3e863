/**
 * indirect_prompt_injection: instructions addressed to the assistant hidden in tool output
 * (emails, tables, web pages, code a tool fetched). Runs only on tool-sourced text: `tool_result`
 * segments, and `document` segments whose role is `tool` (documents a tool returned). Each unit
 * (line or sentence) is scored by a calibrated logistic model over prompt_guard's features and
 * addressee cues ("your response", "the following code", a request out of place in data).
 */
import { defineDetector, SegmentMemo, type DetectorHit, type InspectSegment, type InspectionRequest } from '../../core/plugin/index.js';
import { IndirectScorer, type IndirectVerdict } from './scorer.js';
import { indirectModel } from './model-file.js';
import { INDIRECT_SCHEMA_ID, type IndirectPromptInjectionSettings } from './settings.js';
import { scoreMapping } from '../shared/prompt-features/operating-points.js';

/** A character `trim` would keep: a text without one is blank. */
const NOT_BLANK = /\S/;

/** Whether a segment is tool-sourced under the `scan_documents` setting. */
export function isToolSourced(segment: InspectSegment, scanDocuments: IndirectPromptInjectionSettings['scan_documents']): boolean {
  if (segment.source === 'tool_result') return true;
  if (segment.source !== 'document') return false;
  return scanDocuments === 'all' || (scanDocuments === 'from_tool' && segment.role === 'tool');
}

export default defineDetector<IndirectPromptInjectionSettings>({
  kind: 'detector',
  name: 'indirect_prompt_injection',
  version: '1.0.0',
  schemaId: INDIRECT_SCHEMA_ID,
  description: 'Instructions aimed at the assistant hidden in tool results and tool-fetched documents, scored 0..1.',
  canTransform: false,
  defaultThreshold: indirectModel().threshold,
  create(settings) {
    const model = indirectModel();
    // The sensitivity's measured threshold is moved onto the default threshold, once per snapshot.
    const mapScore = scoreMapping(model.operatingPoints, settings.sensitivity);
    const scorer = new IndirectScorer(model, {
      decodeEncodings: settings.decode_encodings,
      hiddenTextConfidence: settings.hidden_text_confidence,
      allowPhrases: settings.allow_phrases,
      maxChars: settings.max_chars,
    });
    const verdicts = new SegmentMemo<IndirectVerdict>();
    const score = (text: string) => scorer.score(text);
    return {
      inspect(request: InspectionRequest): DetectorHit[] {
        let best: { confidence: number; categories: string[] } | undefined;
        for (const segment of request.segments) {
          if (!isToolSourced(segment, settings.scan_documents) || !NOT_BLANK.test(segment.text)) continue;
          const verdict = verdicts.getFor(request, segment, score);
          if (!best || verdict.confidence > best.confidence) best = verdict;
        }
        if (!best) return [];
        const confidence = mapScore(best.confidence);
        if (confidence < settings.min_confidence) return [];
        return [{ type: 'prompt_injection.indirect', confidence: Number(confidence.toFixed(4)), entities: [...best.categories] }];
      },
    };
  },
});
