import { expect } from 'chai';
import { ruleBlocks, withoutMediaWrappers } from '../../../../plugins/doc-analyzer/css-blocks.js';
import { parseStyleSheet } from '../../../../plugins/doc-analyzer/css-visibility.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

// The expressions the scans stand for.
const MEDIA = /@media[^{]*\{([\s\S]*?\})\s*\}/g;
const RULE = /([^{}]+)\{([^{}]*)\}/g;
const SELECTOR = /^([a-z][a-z0-9]*)?((?:\.[\w-]+)*)(#[\w-]+)?((?:\.[\w-]+)*)$/i;

const pieces = ['@media', '@media print', '{', '}', '} }', '}}', ' ', '\n', '\t', '.a', '.b-c', '#x', 'p', 'div', ',', 'color: red', ';', 'display:none', 'x', '@', 'media'];
const sheets = () => seededTexts(pieces, 30_000, 30, 2026);

describe('doc_analyzer style sheet blocks', () => {
  it('takes @media wrappers off as the expression does', () => {
    let replaced = 0;
    for (const css of sheets()) {
      const want = css.replace(MEDIA, '$1');
      if (want !== css) replaced++;
      expect(withoutMediaWrappers(css), JSON.stringify(css)).to.equal(want);
    }
    expect(replaced).to.be.greaterThan(2_000);
  });

  it('gives the rules the expression matches, in order', () => {
    let rules = 0;
    for (const css of sheets()) {
      const want = [...css.matchAll(RULE)].map((m) => [m[1], m[2]]);
      rules += want.length;
      expect([...ruleBlocks(css)], JSON.stringify(css)).to.deep.equal(want);
    }
    expect(rules).to.be.greaterThan(5_000);
  });

  it('reads selectors as the two-list expression did', () => {
    const selectorPieces = ['p', 'div', 'h1', '.a', '.b-c', '.', '#x', '#', 'x', '1', '-', ' ', ':', 'A'];
    let simple = 0;
    for (const s of seededTexts(selectorPieces, 30_000, 8, 7)) {
      const old = SELECTOR.exec(s.trim());
      const rules = parseStyleSheet(`${s} { color: red }`);
      const want = !old || !s.trim() ? [] : [{ tag: old[1]?.toLowerCase(), classes: `${old[2]}${old[4]}`.split('.').filter(Boolean), id: old[3]?.slice(1) }];
      if (want.length) simple++;
      expect(rules.map(({ tag, classes, id }) => ({ tag, classes, id })), JSON.stringify(s)).to.deep.equal(want);
    }
    expect(simple).to.be.greaterThan(3_000);
  });
});
