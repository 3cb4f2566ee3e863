import { expect } from 'chai';
import type { CanonicalResponse } from '../../../../core/canonical/index.js';
import { contentFrom, inspectedSize } from '../../../../plugins/guardrails/recent-content.js';

const answer: CanonicalResponse = {
  id: 'r1',
  model: 'm',
  created: 1,
  finish_reason: 'tool_calls',
  content: [
    { type: 'thinking', text: 'planning' },
    { type: 'text', text: 'abcdef' },
    { type: 'tool_call', id: 'c1', name: 'search', arguments: '{"q":"x"}' },
    { type: 'text', text: 'ghij' },
  ],
};

describe('guardrails recent content', () => {
  it('counts text and tool-call arguments, not thinking', () => {
    expect(inspectedSize(answer)).to.equal(6 + 9 + 4);
  });

  it('leaves out what comes before the point, cutting the part it falls in', () => {
    expect(contentFrom(answer, 0)).to.equal(answer);
    expect(contentFrom(answer, -5)).to.equal(answer);
    expect(contentFrom(answer, 4).content).to.deep.equal([
      { type: 'thinking', text: 'planning' },
      { type: 'text', text: 'ef' },
      answer.content[2],
      answer.content[3],
    ]);
    expect(contentFrom(answer, 6).content).to.deep.equal([{ type: 'thinking', text: 'planning' }, answer.content[2], answer.content[3]]);
    expect(contentFrom(answer, 10).content).to.deep.equal([
      { type: 'thinking', text: 'planning' },
      { type: 'tool_call', id: 'c1', name: 'search', arguments: ':"x"}' },
      answer.content[3],
    ]);
    expect(contentFrom(answer, 17).content).to.deep.equal([{ type: 'thinking', text: 'planning' }, { type: 'text', text: 'ij' }]);
    expect(contentFrom(answer, 100).content).to.deep.equal([{ type: 'thinking', text: 'planning' }]);
  });

  it('keeps the size of what is left consistent with the point', () => {
    for (let from = 0; from <= inspectedSize(answer); from++) expect(inspectedSize(contentFrom(answer, from))).to.equal(inspectedSize(answer) - from);
  });

  it('does not change the answer it reads', () => {
    const copy = structuredClone(answer);
    contentFrom(answer, 8);
    expect(answer).to.deep.equal(copy);
  });
});
