/**
 * The evaluate benchmark measures the detectors' work only if no evaluation is answered from what
 * a detector remembers of a text: its bodies never bring a text back within SEGMENT_MEMO_ENTRIES
 * texts, across load runs too, except the history a conversation resends on purpose. The dataset
 * bodies are built from texts committed under test/fixtures (the bench reads the shared datasets).
 */
import { expect } from 'chai';
import { SEGMENT_MEMO_ENTRIES } from '../../../core/guardrail/segment-memo.js';
import { BodyCycle, bodySource } from '../../../bench/body-cycle.js';
import { evaluateBodies, evaluateConversationBodies, evaluateDatasetBodies } from '../../../bench/scenarios/evaluate.js';
import { segmentMemoTexts } from '../../fixtures/detectors/segment-memo/texts.js';

type Message = { role: string; content: string };
const messagesOf = (body: string): Message[] => (JSON.parse(body) as { payload: { messages: Message[] } }).payload.messages;

/** The fewest texts sent between two sendings of one text, over `rounds` passes of the cycle. */
function shortestReturn(cycle: BodyCycle, rounds: number, fresh: (messages: Message[]) => Message[]): number {
  const lastSeen = new Map<string, number>();
  let sent = 0;
  let shortest = Infinity;
  const take = bodySource(cycle);
  for (let i = 0; i < rounds * cycle.bodies.length; i++) {
    for (const { content } of fresh(messagesOf(take()))) {
      const before = lastSeen.get(content);
      if (before !== undefined) shortest = Math.min(shortest, sent - before);
      lastSeen.set(content, sent++);
    }
  }
  return shortest;
}

/** Public dataset texts of every kind the bench cuts its prompts from. */
function fixtureTexts(): string[] {
  const { prompts, tweets, pii, toolResults } = segmentMemoTexts();
  return [...prompts, ...tweets, ...pii, ...toolResults].map((t) => t.text);
}

describe('bench: evaluate bodies', () => {
  it('a BodyCycle goes on across runs where a list starts over', () => {
    const cycle = new BodyCycle(['a', 'b', 'c']);
    const run = (body: BodyCycle | string[], n: number) => Array.from({ length: n }, bodySource(body));
    expect([...run(cycle, 2), ...run(cycle, 2)]).to.deep.equal(['a', 'b', 'c', 'a']);
    expect([...run(['a', 'b', 'c'], 2), ...run(['a', 'b', 'c'], 2)]).to.deep.equal(['a', 'b', 'a', 'b']);
  });

  for (const [name, bodies] of [['business', () => evaluateBodies()], ['dataset', () => evaluateDatasetBodies(fixtureTexts())]] as const) {
    it(`${name}: a text comes back only after more texts than a detector remembers`, () => {
      expect(shortestReturn(bodies(), 2, (messages) => messages)).to.be.greaterThan(SEGMENT_MEMO_ENTRIES);
    });
  }

  it('conversation: each request adds one new user message to the history; its new texts come back only after more than a detector remembers', () => {
    const cycle = evaluateConversationBodies(fixtureTexts());
    const [first, second] = cycle.bodies.map(messagesOf);
    expect(first.map((m) => m.role)).to.deep.equal(['system', 'user']);
    expect(second.map((m) => m.role)).to.deep.equal(['system', 'user', 'assistant', 'user']);
    expect(second.slice(0, 2)).to.deep.equal(first);
    // What a request adds: its last user message and the answer before it.
    expect(shortestReturn(cycle, 2, (messages) => messages.slice(-2).filter((m) => m.role !== 'system'))).to.be.greaterThan(SEGMENT_MEMO_ENTRIES);
  });
});
