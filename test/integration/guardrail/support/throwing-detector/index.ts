/**
 * A third-party detector for tests whose inspection always throws (a broken model, a bug), to
 * prove fail-closed (503 detector_failed) and fail-open policies. It borrows the settings
 * schema of topic_keyword_moderation, since a detector definition names a registered schema.
 */
import { defineDetector } from '../../../../../core/guardrail/detector.js';

export default defineDetector({
  kind: 'detector',
  name: 'throwing_detector',
  version: '1.0.0',
  schemaId: 'https://portcullis.dev/schemas/plugins/topic_keyword_moderation.schema.json',
  description: 'Throws on every inspection (tests only).',
  canTransform: false,
  defaultThreshold: 0.5,
  create() {
    return {
      inspect() {
        throw new Error('detector exploded');
      },
    };
  },
});
