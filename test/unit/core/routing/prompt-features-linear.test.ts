import { expect } from 'chai';
import { CODE_LINE, MATH_CUES, codeLines, shortDigitRuns } from '../../../../core/proxy/routing/smart/prompt-features.js';
import { loadComplexitySet } from '../../../fixtures/routing/complexity/complexity-set.js';
import { seededTexts } from '../../plugins/prompt-guard/seeded-texts.js';

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const textsOf = () =>
  loadComplexitySet().flatMap(({ request }) => request.messages.flatMap((m) => m.content.flatMap((p) => (p.type === 'text' ? [p.text] : []))));

describe('smart routing prompt features on long lines and runs', () => {
  it('counts the code lines of every labelled prompt as the whole-text pattern does', () => {
    const texts = textsOf();
    expect(texts.length).to.be.greaterThan(300);
    let lines = 0;
    for (const text of texts) {
      lines += codeLines(text);
      expect(codeLines(text), text.slice(0, 60)).to.equal(count(text, CODE_LINE));
    }
    expect(lines).to.be.greaterThan(50);
  });

  it('leaves a line longer than 400 characters out, and still counts the lines around it', () => {
    const code = 'def f(x):\n    return x;\nint main() {\n';
    expect(codeLines(code)).to.equal(3);
    expect(codeLines(`${code}${'a.b(c) = x[1];'.repeat(40)}\n${code}`)).to.equal(6);
    expect(codeLines(`${'x'.repeat(20_000)}\n${code}`)).to.equal(3);
  });

  it('finds as many arithmetic cues with long runs of digits cut to 16', () => {
    const pieces = ['1', '23', '4567890123', '4567890123456789012', '.', ',', ' ', '+', '-', '*', '/', '=', '<', '%', '^', 'x', 'ratio', '×', '\n'];
    let cues = 0;
    let cut = 0;
    for (const text of [...seededTexts(pieces, 20_000, 20, 99), ...textsOf()]) {
      const short = shortDigitRuns(text);
      if (short !== text) cut++;
      cues += count(text, MATH_CUES);
      expect(count(short, MATH_CUES), JSON.stringify(text)).to.equal(count(text, MATH_CUES));
    }
    expect(cut).to.be.greaterThan(2_000);
    expect(cues).to.be.greaterThan(5_000);
  });
});
