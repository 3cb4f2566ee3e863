import { expect } from 'chai';
import detector from '../../../../plugins/topic-keyword-moderation/index.js';
import { DEFAULT_SETTINGS, type TopicKeywordModerationSettings } from '../../../../plugins/topic-keyword-moderation/settings.js';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';

type Sensitivity = TopicKeywordModerationSettings['sensitivity'];
const make = (sensitivity: Sensitivity, settings: Partial<TopicKeywordModerationSettings>) => detector.create({ ...DEFAULT_SETTINGS, ...settings, sensitivity });
const firing = (d: ReturnType<typeof make>, text: string) =>
  (d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt', role: 'user' }], attachments: [], attributes: {} }) as DetectorHit[])
    .filter((h) => h.confidence >= detector.defaultThreshold)
    .map((h) => h.type);

describe('topic_keyword_moderation sensitivity', () => {
  const denied = { denied_topics: ['medical advice', 'gambling'] };

  // One strong term of a topic, and nothing else of it.
  const oneStrongTerm = ['my aspirin ran out', 'the surgery is on Monday', 'we played poker last night', 'I bought a lottery ticket', 'what are the symptoms'];

  it('low wants more than one strong term for a denied topic', () => {
    for (const text of oneStrongTerm) {
      expect(firing(make('balanced', denied), text), text).to.include('topic.denied');
      expect(firing(make('low', denied), text), text).to.not.include('topic.denied');
    }
  });

  it('high reports a denied topic on a medium and a weak term together, which balanced leaves out', () => {
    const lesser = ['the odds of a win are slim', 'the payout was a prize', 'the winnings were in chips'];
    for (const text of lesser) {
      expect(firing(make('balanced', denied), text), text).to.not.include('topic.denied');
      expect(firing(make('high', denied), text), text).to.include('topic.denied');
    }
  });

  it('moves the off-topic strictness: low counts one medium term of the allowed topic as on topic, high wants more than a medium and a weak one', () => {
    const allowed = { allowed_topics: ['medical advice'] };
    // Four words or more, with one medium term of the allowed topic.
    const lesser = ['I need to call my doctor today', 'is the clinic open on Sundays', 'my cough keeps me awake at night'];
    for (const text of lesser) {
      expect(firing(make('balanced', allowed), text), text).to.include('topic.off_allowed');
      expect(firing(make('low', allowed), text), text).to.not.include('topic.off_allowed');
    }
    // A medium and a weak term of the allowed topic: on topic at balanced, not enough at high.
    for (const text of ['the nurse says my throat is fine', 'my sore back needs a physician', 'a fever all day and I feel dizzy']) {
      expect(firing(make('balanced', allowed), text), text).to.not.include('topic.off_allowed');
      expect(firing(make('high', allowed), text), text).to.include('topic.off_allowed');
    }
  });
});
