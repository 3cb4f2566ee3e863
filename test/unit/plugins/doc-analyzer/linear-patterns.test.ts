import { expect } from 'chai';
import { LINE_BREAK_RUN } from '../../../../plugins/doc-analyzer/html-extractor.js';
import { CUES } from '../../../../plugins/doc-analyzer/instruction-cues.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

describe('doc_analyzer patterns over white space', () => {
  it('collapses the runs of white space holding a line break as \\s*\\n\\s* does', () => {
    const pieces = [' ', '\n', '\t', '\r', '\u00a0', '\u2028', 'x', 'yz', '\n\n'];
    let changed = 0;
    for (const text of seededTexts(pieces, 30_000, 30, 31)) {
      const want = text.replace(/\s*\n\s*/g, '\n');
      if (want !== text) changed++;
      expect(text.replace(LINE_BREAK_RUN, '\n'), JSON.stringify(text)).to.equal(want);
    }
    expect(changed).to.be.greaterThan(10_000);
  });

  it('finds a sentence-initial question or request exactly where the [.!?\\n]\\s* lead-in does', () => {
    const pieces = ['.', '!', '?', '\n', ' ', '\t', '\u00a0', 'what', 'is it', ' good?', 'please ', 'add', ' this', 'x', 'What ', 'Add the note'];
    for (const name of ['question', 'imperative_to_reader']) {
      const cue = CUES.find((c) => c.name === name)!;
      const original = new RegExp(cue.pattern.source.replace('(^|[.!?]\\s*|\\n[^\\S\\n]*)', '(^|[.!?\\n]\\s*)'), cue.pattern.flags);
      expect(original.source).to.not.equal(cue.pattern.source);
      let found = 0;
      for (const text of seededTexts(pieces, 20_000, 25, 17)) {
        const want = original.test(text);
        if (want) found++;
        expect(cue.pattern.test(text), `${name}: ${JSON.stringify(text)}`).to.equal(want);
      }
      expect(found, name).to.be.greaterThan(1_000);
    }
  });
});
