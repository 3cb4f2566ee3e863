import { expect } from 'chai';
import { applyRedactions } from '../../../../core/guardrail/payload/apply-redactions.js';
import type { LocatedSegment } from '../../../../core/guardrail/payload/segment-builder.js';

describe('core/guardrail/payload/apply-redactions', () => {
  const payload = { messages: [{ role: 'user', content: 'mail a@b.co and c@d.co' }, { role: 'assistant', content: 'ok' }] };
  const segments: LocatedSegment[] = [
    { id: 0, text: 'mail a@b.co and c@d.co', source: 'prompt', role: 'user', path: ['messages', 0, 'content'] },
    { id: 1, text: 'ok', source: 'completion', role: 'assistant', path: ['messages', 1, 'content'] },
    { id: 5, text: 'from a document', source: 'document' },
  ];

  it('replaces several spans of one segment at its JSON location, on a copy', () => {
    const out = applyRedactions(payload, segments, [
      { segment: 0, start: 16, end: 22, replacement: '[E2]' },
      { segment: 0, start: 5, end: 11, replacement: '[E1]' },
    ]);
    expect(out.payload).to.deep.equal({ messages: [{ role: 'user', content: 'mail [E1] and [E2]' }, { role: 'assistant', content: 'ok' }] });
    expect(payload.messages[0].content).to.equal('mail a@b.co and c@d.co');
    expect(out.unplaced).to.deep.equal([]);
  });

  it('keeps the first of overlapping spans and ignores out-of-range ones', () => {
    const out = applyRedactions(payload, segments, [
      { segment: 0, start: 5, end: 11, replacement: '[A]' },
      { segment: 0, start: 7, end: 15, replacement: '[B]' },
      { segment: 1, start: 1, end: 9, replacement: '[C]' },
    ]);
    expect((out.payload as typeof payload).messages[0].content).to.equal('mail [A] and c@d.co');
    expect((out.payload as typeof payload).messages[1].content).to.equal('ok');
  });

  it('reports redactions of text that has no place in the payload', () => {
    const out = applyRedactions(payload, segments, [{ segment: 5, start: 0, end: 4, replacement: '[X]' }, { segment: 9, start: 0, end: 1, replacement: '[Y]' }]);
    expect(out.unplaced.map((r) => r.segment)).to.deep.equal([5, 9]);
    expect(out.payload).to.deep.equal(payload);
  });
  it('masks as replacing the kept spans one by one from the last would, over seeded texts and spans', () => {
    // The replacement it stands for: kept spans sorted, then each replaced in the text, last first.
    const oneByOne = (text: string, spans: Array<{ start: number; end: number; replacement: string }>) => {
      const kept: typeof spans = [];
      for (const r of [...spans].sort((a, b) => a.start - b.start || b.end - a.end)) {
        if (r.start < 0 || r.end > text.length || r.end <= r.start || (kept.length && r.start < kept[kept.length - 1].end)) continue;
        kept.push(r);
      }
      let out = text;
      for (const r of kept.reverse()) out = out.slice(0, r.start) + r.replacement + out.slice(r.end);
      return out;
    };
    let seed = 7;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let t = 0; t < 2_000; t++) {
      const text = 'abcdefghij'.repeat(1 + next(6)).slice(next(5));
      const spans = Array.from({ length: next(8) }, (_, i) => {
        const start = next(text.length + 4) - 2;
        return { segment: 0, start, end: start + next(9) - 1, replacement: `[${i}]` };
      });
      const out = applyRedactions({ content: text }, [{ id: 0, text, source: 'prompt', path: ['content'] }], spans);
      expect(out.payload.content, JSON.stringify({ text, spans })).to.equal(oneByOne(text, spans));
    }
  });
});
