/**
 * `topic_keyword_moderation`: denied keywords and regex patterns, denied topics, and an
 * allowed-topics list an input must stay within. Everything is lexical and in-process: terms
 * are folded (case, diacritics, compatibility forms, invisible characters) and matched on word
 * boundaries. Hits name the configured keyword, pattern id or topic, never the user's text.
 */
import { defineDetector, preparedText, SegmentMemo, type DetectorHit, type InspectionRequest, type InspectSegment } from '../../core/plugin/index.js';
import { compileKeywordMatcher } from './keyword-matcher.js';
import { compileTopic, foldForTopics } from './topic-matcher.js';
import { conversationText, moderatedSegments } from './segment-selection.js';
import { countWords } from './text-folding.js';
import { bestChunkScores } from './chunk-scores.js';
import { TOPIC_STRICTNESS } from './sensitivity.js';
import type { TopicKeywordModerationSettings } from './settings.js';

/** Scores below this are not reported at all (one medium cue is the least worth a hit). */
const REPORT_FLOOR = 0.35;

const round = (x: number) => Math.round(x * 100) / 100;

/** What one segment's text says: the keywords it holds, and its best score for each denied topic. */
interface SegmentReading {
  keywords: string[];
  denied: number[];
}

export default defineDetector<TopicKeywordModerationSettings>({
  kind: 'detector',
  name: 'topic_keyword_moderation',
  version: '1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/topic_keyword_moderation.schema.json',
  description: 'Denied keywords and patterns, denied topics, and allowed-topic restriction, matched lexically.',
  canTransform: false,
  defaultThreshold: 0.5,
  create(settings) {
    const fold = { caseSensitive: settings.case_sensitive, foldDiacritics: settings.fold_diacritics };
    const keywords = compileKeywordMatcher(settings.keywords, settings.patterns, fold);
    const denied = settings.denied_topics.map(compileTopic);
    const allowed = settings.allowed_topics.map(compileTopic);
    const checksKeywords = settings.keywords.length > 0 || settings.patterns.length > 0;
    const { deniedShift, allowedMatch } = TOPIC_STRICTNESS[settings.sensitivity ?? 'balanced'];
    const keywordsFoldLikeTopics = !fold.caseSensitive && fold.foldDiacritics;
    // A text is folded once, for the denied topics and for keywords that fold the same way. Its
    // reading depends on nothing else, so a text seen before (a conversation's history) is not
    // read again.
    const readings = new SegmentMemo<SegmentReading>();
    const readSegment = (segment: InspectSegment): SegmentReading => {
      const { text } = segment;
      let folded: string | undefined;
      // Topics fold as the contract's prepared text does: shared with the other detectors.
      const foldedText = () => (folded ??= preparedText(segment).folded);
      const found = checksKeywords ? keywords.match(text, keywordsFoldLikeTopics ? foldedText() : undefined) : [];
      return { keywords: found, denied: denied.length ? bestChunkScores(denied, foldedText()) : [] };
    };

    return {
      inspect(request: InspectionRequest): DetectorHit[] {
        const hits: DetectorHit[] = [];
        const segments = moderatedSegments(request, settings.inspect_system_prompts);
        const read = checksKeywords || denied.length ? segments.map((s) => readings.getFor(request, s, () => readSegment(s))) : [];

        if (checksKeywords) {
          const found = new Set(read.flatMap((r) => r.keywords));
          if (found.size) hits.push({ type: 'keyword', confidence: 1, entities: [...found] });
        }

        denied.forEach((topic, i) => {
          // A topic's best chunk over the whole request is the best of each segment's best.
          const best = read.reduce((most, r) => Math.max(most, r.denied[i]), 0);
          const score = best > 0 ? Math.min(1, Math.max(0, best + deniedShift)) : 0;
          if (score >= REPORT_FLOOR) hits.push({ type: 'topic.denied', confidence: round(score), entities: [topic.name] });
        });

        if (allowed.length) {
          const text = conversationText(request, settings.context_turns);
          if (countWords(text) >= settings.off_topic_min_words) {
            const best = Math.max(...bestChunkScores(allowed, foldForTopics(text)));
            if (best < allowedMatch) {
              // 0.9 with no sign of the allowed topics, falling to 0.45 at allowedMatch (sensitivity.ts).
              hits.push({ type: 'topic.off_allowed', confidence: round(0.9 * (1 - (best * 0.5) / allowedMatch)), entities: allowed.map((t) => t.name) });
            }
          }
        }
        return hits;
      },
    };
  },
});
