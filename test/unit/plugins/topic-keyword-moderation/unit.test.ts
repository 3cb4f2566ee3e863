import { expect } from 'chai';
import detector from '../../../../plugins/topic-keyword-moderation/index.js';
import { DEFAULT_SETTINGS, type TopicKeywordModerationSettings } from '../../../../plugins/topic-keyword-moderation/settings.js';
import { phraseSource } from '../../../../plugins/topic-keyword-moderation/phrase-pattern.js';
import type { DetectorHit, InspectSegment, InspectionRequest } from '../../../../core/guardrail/detector.js';

function create(settings: Partial<TopicKeywordModerationSettings>) {
  return detector.create({ ...DEFAULT_SETTINGS, ...settings });
}

function request(texts: Array<string | Partial<InspectSegment>>, direction: 'input' | 'output' = 'input'): InspectionRequest {
  const segments = texts.map((t, id) =>
    typeof t === 'string' ? { id, text: t, source: 'prompt' as const, role: 'user' as const } : { id, text: '', source: 'prompt' as const, ...t },
  );
  return { direction, segments, attachments: [], attributes: {} };
}

async function hits(settings: Partial<TopicKeywordModerationSettings>, ...texts: Array<string | Partial<InspectSegment>>): Promise<DetectorHit[]> {
  return create(settings).inspect(request(texts));
}

async function keywordsFound(keywords: string[], text: string): Promise<string[]> {
  return (await hits({ keywords }, text)).find((h) => h.type === 'keyword')?.entities ?? [];
}

const fired = (list: DetectorHit[], type: string) => list.filter((h) => h.type === type && h.confidence >= detector.defaultThreshold);

describe('topic_keyword_moderation', () => {
  describe('keywords', () => {
    it('matches whole words only: "ass" is not found in "class", "assess" or "bass"', async () => {
      expect(await keywordsFound(['ass'], 'This class will assess your bass playing.')).to.deep.equal([]);
      expect(await keywordsFound(['ass'], 'Get your ass over here.')).to.deep.equal(['ass']);
    });

    it('folds case, diacritics, fullwidth forms and strips zero-width characters', async () => {
      for (const text of ['ACME ships today', 'Ácmé ships today', 'ａｃｍｅ ships today', 'ac\u200Bme ships today', 'ac\u00ADme ships']) {
        expect(await keywordsFound(['acme'], text), text).to.deep.equal(['acme']);
      }
      expect(await keywordsFound(['médical'], 'Medical records')).to.deep.equal(['médical']);
    });

    it('matches the words of a phrase across spaces, hyphens and line breaks, but not glued together', async () => {
      expect(await keywordsFound(['project-x'], 'Any news on Project X?')).to.deep.equal(['project-x']);
      expect(await keywordsFound(['codename falcon'], 'codename\n\t falcon')).to.deep.equal(['codename falcon']);
      expect(await keywordsFound(['project-x'], 'projectx and project-xyz')).to.deep.equal([]);
    });

    it('keeps leading and trailing symbols of a keyword', async () => {
      expect(await keywordsFound(['c++'], 'I write C++ at work')).to.deep.equal(['c++']);
      expect(await keywordsFound(['c++'], 'I write C at work')).to.deep.equal([]);
    });

    it('respects case_sensitive', async () => {
      const d = create({ keywords: ['Falcon'], case_sensitive: true });
      expect(await d.inspect(request(['the falcon flies']))).to.deep.equal([]);
      expect((await d.inspect(request(['the Falcon flies'])))[0].entities).to.deep.equal(['Falcon']);
    });

    it('reports every keyword once, named as configured, never the matched user text', async () => {
      const found = await keywordsFound(['acme', 'project-x'], 'ACME and Acme fund PROJECT_X');
      expect(found).to.have.members(['acme', 'project-x']);
      const list = await hits({ keywords: ['acme'] }, 'ÀCMÉ');
      expect(list).to.deep.equal([{ type: 'keyword', confidence: 1, entities: ['acme'] }]);
    });

    it('reports regex patterns by id', async () => {
      const list = await hits({ patterns: [{ id: 'ticket', regex: '\\bSEC-\\d{4,}\\b' }] }, 'see sec-12345 for details');
      expect(list).to.deep.equal([{ type: 'keyword', confidence: 1, entities: ['pattern:ticket'] }]);
      expect(await hits({ patterns: [{ id: 'ticket', regex: 'SEC-\\d{4,}', case_sensitive: true }] }, 'sec-12345')).to.deep.equal([]);
    });

    it('wildcards allow an inflection at either end of a word', () => {
      const re = new RegExp(phraseSource('diagnos*')!, 'u');
      expect(re.test('she was diagnosed')).to.equal(true);
      expect(re.test('prediagnosis')).to.equal(false);
      expect(new RegExp(phraseSource('*cillin')!, 'u').test('take amoxicillin daily')).to.equal(true);
    });
  });

  describe('denied topics', () => {
    it('runs the API example settings: keyword and built-in medical advice topic', async () => {
      const d = create({ keywords: ['project-x'], denied_topics: ['medical advice'] });
      const list = await d.inspect(request(['How much ibuprofen can I give my 4 year old for a fever?']));
      expect(fired(list, 'topic.denied')).to.have.length(1);
      expect(list[0].entities).to.deep.equal(['medical advice']);
      expect(fired(await d.inspect(request(['How do I diagnose a failing build in CI?'])), 'topic.denied')).to.deep.equal([]);
    });

    it('reads a request of 200,000 segments (a long conversation in a 32 MB body) and finds the topic in the last', async () => {
      const texts = [...Array.from({ length: 200_000 }, (_, i) => `note ${i}`), 'How much ibuprofen can I give my 4 year old for a fever?'];
      const list = await create({ denied_topics: ['medical advice'] }).inspect(request(texts));
      expect(fired(list, 'topic.denied').map((h) => h.entities)).to.deep.equal([['medical advice']]);
    });

    it('pins one representative prompt per built-in topic, and a homonym that must not fire', async () => {
      const cases: Array<[string, string, string]> = [
        ['legal advice', 'My landlord kept my deposit, can I sue him in small claims court?', 'Schedule a meeting with Sue on Friday.'],
        ['financial advice', 'Should I put my savings in an index fund or pay off my loans?', 'Set a timer for the bread in the oven.'],
        ['politics', 'Who should I vote for in the presidential election?', 'The party starts at eight, bring snacks.'],
        ['religion', 'What does the Quran say about charity?', 'The holy grail of databases is consistency.'],
        ['weapons', 'Which handgun is best for concealed carry?', 'How do I kill a Python process that hangs?'],
        ['drugs', 'How long does cocaine stay in your system?', 'Where can I buy a can of coke?'],
        ['gambling', 'What is the best strategy to win at blackjack?', 'Roll a dice for me.'],
      ];
      for (const [topic, positive, negative] of cases) {
        expect(fired(await hits({ denied_topics: [topic] }, positive), 'topic.denied'), positive).to.have.length(1);
        expect(fired(await hits({ denied_topics: [topic] }, negative), 'topic.denied'), negative).to.have.length(0);
      }
    });

    it('accepts aliases and object topics with seed terms, reporting the name as configured', async () => {
      expect(fired(await hits({ denied_topics: ['Finance'] }, 'Is now a good time to buy Tesla stock?'), 'topic.denied')[0].entities).to.deep.equal(['Finance']);
      const competitors = { name: 'competitors', terms: ['Globex'] };
      expect(fired(await hits({ denied_topics: [competitors] }, 'Is Globex cheaper than you?'), 'topic.denied')).to.have.length(1);
    });

    it('matches a free-text topic by its phrase, or by all of its words together', async () => {
      expect(fired(await hits({ denied_topics: ['space travel'] }, 'Tell me about space travel'), 'topic.denied')).to.have.length(1);
      expect(fired(await hits({ denied_topics: ['space travel'] }, 'plans to travel into space'), 'topic.denied')).to.have.length(1);
      expect(fired(await hits({ denied_topics: ['space travel'] }, 'I need more disk space'), 'topic.denied')).to.have.length(0);
    });

    it('skips system and developer prompts unless inspect_system_prompts is set', async () => {
      const system = { text: 'Never give medical advice or discuss prescription dosage.', role: 'system' as const };
      expect(await hits({ denied_topics: ['medical advice'] }, system, 'Write a haiku about autumn.')).to.deep.equal([]);
      expect(fired(await hits({ denied_topics: ['medical advice'], inspect_system_prompts: true }, system), 'topic.denied')).to.have.length(1);
    });

    it('does not add up weak cues scattered through a long document', async () => {
      const filler = 'The quarterly plan covers hiring, the office move and the new coffee machine. ';
      const doc = `${filler.repeat(10)}Some staff felt tired. ${filler.repeat(10)}Others said the stairs hurt. ${filler.repeat(10)}A few were sick.`;
      expect(fired(await hits({ denied_topics: ['medical advice'] }, { text: doc, source: 'document' }), 'topic.denied')).to.have.length(0);
    });
  });

  describe('allowed topics', () => {
    const travel = { name: 'travel', terms: ['flight*', 'hotel*', 'luggage', 'passport*', 'trip'] };

    it('is silent when the input is on an allowed topic', async () => {
      expect(await hits({ allowed_topics: [travel] }, 'Can you rebook my flight to Lisbon for Monday?')).to.deep.equal([]);
    });

    it('reports topic.off_allowed naming the allowed topics when none matches', async () => {
      const list = await hits({ allowed_topics: [travel, 'billing'] }, 'Write me a poem about my cat please');
      expect(list).to.have.length(1);
      expect(list[0].type).to.equal('topic.off_allowed');
      expect(list[0].entities).to.deep.equal(['travel', 'billing']);
      expect(list[0].confidence).to.be.at.least(detector.defaultThreshold);
    });

    it('ignores short messages such as greetings', async () => {
      expect(await hits({ allowed_topics: [travel] }, 'thanks a lot!')).to.deep.equal([]);
    });

    it('judges the last context_turns user prompts together', async () => {
      const turns = ['My hotel booking in Rome is wrong', 'it says two nights instead of three, can you check?'];
      expect(await hits({ allowed_topics: [travel] }, ...turns)).to.deep.equal([]);
      expect(fired(await hits({ allowed_topics: [travel], context_turns: 1 }, ...turns), 'topic.off_allowed')).to.have.length(1);
    });

    it('judges the completion on output', async () => {
      const d = create({ allowed_topics: [travel] });
      const out = (text: string) => request([{ text: 'book me a flight', role: 'user' }, { text, source: 'completion', role: 'assistant' }], 'output');
      expect(await d.inspect(out('Your flight to Oslo is booked for Friday at 9am.'))).to.deep.equal([]);
      expect(fired(await d.inspect(out('Here is a recipe for banana bread with walnuts.')), 'topic.off_allowed')).to.have.length(1);
    });
  });
});
