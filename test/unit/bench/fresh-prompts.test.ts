/**
 * The never-repeating prompts of the evaluate and chain scenarios: every request a prompt of the
 * asked size that no earlier request of the run carried, from the shared datasets' texts or, without
 * them, from a generator; the source counts what it handed out and how many were distinct.
 */
import { expect } from 'chai';
import { FreshPrompts, generatedText } from '../../../bench/fresh-prompts.js';
import { segmentMemoTexts } from '../../fixtures/detectors/segment-memo/texts.js';

function fixtureTexts(): string[] {
  const { prompts, tweets, pii, toolResults } = segmentMemoTexts();
  return [...prompts, ...tweets, ...pii, ...toolResults].map((t) => t.text);
}

describe('bench: fresh prompts', () => {
  for (const [kind, source] of [
    ['dataset', () => FreshPrompts.fromTexts(fixtureTexts())],
    ['generated', () => FreshPrompts.generated()],
  ] as const) {
    it(`${kind}: 5,000 prompts of exactly 4 KB and 512 bytes, none repeated, counted as distinct`, () => {
      const prompts = source();
      const seenUser = new Set<string>();
      const seenTool = new Set<string>();
      for (let i = 0; i < 5_000; i++) {
        const { user, tool } = prompts.next();
        expect(user.length).to.equal(4096);
        expect(tool.length).to.equal(512);
        seenUser.add(user);
        seenTool.add(tool);
      }
      expect(seenUser.size).to.equal(5_000);
      expect(seenTool.size).to.equal(5_000);
      expect(prompts.kind).to.equal(kind);
      expect(prompts.taken).to.equal(5_000);
      expect(prompts.distinct).to.equal(5_000);
    });
  }

  it('counts a repeat: distinct stays below taken when a prompt comes back', () => {
    const prompts = FreshPrompts.fromTexts(['only one short text']);
    // Fed to the counter twice: the check the report relies on must see it.
    prompts.record('same');
    prompts.record('same');
    expect(prompts.taken).to.equal(2);
    expect(prompts.distinct).to.equal(1);
  });

  it('generated text is varied prose: many distinct words, sentences, a few entities', () => {
    const text = generatedText(1, 4096);
    const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
    expect(new Set(words).size).to.be.greaterThan(150);
    expect(text).to.match(/[.?!] [A-Z]/);
    expect(generatedText(2, 4096)).to.not.equal(text);
  });
});
