import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { foldForMatching, preparedText } from '../../../../core/guardrail/prepared-text.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';
import { promotedBytes } from '../../../fixtures/promoted-bytes.js';

const guardrailModule = (name: string) => JSON.stringify(fileURLToPath(new URL(`../../../../core/guardrail/${name}.ts`, import.meta.url)));

describe('preparedText', () => {
  it('folds case, accents, compatibility forms and invisible characters', () => {
    const cases: Array<[string, string]> = [
      ['Médical ADVICE', 'medical advice'],
      ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
      ['pro\u200Bject', 'project'],
      ['Ångström naïve café', 'angstrom naive cafe'],
      ['plain ascii TEXT', 'plain ascii text'],
    ];
    for (const [text, folded] of cases) expect(preparedText({ text }).folded, text).to.equal(folded);
  });

  it('prepares a segment once for every detector of the evaluation', () => {
    const segment = { text: 'Ünïcödé text' };
    expect(preparedText(segment)).to.equal(preparedText(segment));
  });

  it('prepares a segment again when its text changed', () => {
    const segment = { text: 'First' };
    expect(preparedText(segment).folded).to.equal('first');
    segment.text = 'Second';
    expect(preparedText(segment).folded).to.equal('second');
  });
});

describe('what an evaluation keeps on its segments', () => {
  it('dies with the segments in young-generation collections: their folding and digest are not promoted', function () {
    this.timeout(30_000);
    // 20,000 evaluations' segments of 4 KB each, folded and digested as the detectors do: kept in
    // module-level WeakMaps, about 120 MB of foldings and texts were promoted (their values live
    // until a full collection); kept on the segments, only the memo's own small entries are.
    const promoted = promotedBytes(`
      const { preparedText } = await import(${guardrailModule('prepared-text')});
      const { SegmentMemo } = await import(${guardrailModule('segment-memo')});
      const memo = new SegmentMemo();
      const request = { direction: 'input' };
      for (let i = 0; i < 20000; i++) {
        const segment = { text: i + Buffer.alloc(4000, 65 + (i % 26)).toString('latin1') };
        memo.getFor(request, segment, () => preparedText(segment).folded.length);
      }
    `);
    expect(promoted).to.be.below(8 * 1024 * 1024);
  });
});

describe('foldForMatching', () => {
  // The folding as specified, over the whole text at once.
  const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]|\uDB40[\uDC00-\uDDEF]/g;
  const wholeText = (text: string) => text.replace(INVISIBLE, '').normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  // Characters whose folding depends on what stands beside them, or that decompose into several.
  const TRICKY = [
    'Σ', 'ΣΑΣ', 'ΟΔΥΣΣΕΥΣ', 'e\u0301', 'a\u0323\u0302', '\u0302\u0323', 'ǆ', 'ﬁ', 'ｆｕｌｌ', '①', '한국어', 'İ', 'ẞ', 'ß',
    '\u200B', '\u00AD', '\uFE0F', '\uDB40\uDC41', '😀', '\uD800', '\uDC00', 'Å', 'Å', 'ḍ̇', '\u0345', 'ΐ', '\u1E9E', 'Ⅻ',
  ];
  const ASCII = ['a', 'B', ' ', '.', 'word', 'x', '\n', "'", '1'];

  it('folds a text run by run exactly as the whole text at once, on mixed texts', () => {
    const random = seededRandom(20261129);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const parts = 1 + Math.floor(random() * 12);
      for (let p = 0; p < parts; p++) text += random() < 0.5 ? pick(TRICKY) : random() < 0.1 ? String.fromCodePoint(0x80 + Math.floor(random() * 0x2ff80)) : pick(ASCII);
      expect(foldForMatching(text), JSON.stringify(text)).to.equal(wholeText(text));
    }
  });

  it('keeps the Greek final sigma of a word whose sigma ends a non-ASCII run', () => {
    expect(foldForMatching('ΟΔΟΣ end')).to.equal('οδος end');
    expect(foldForMatching('ΟΔΟΣ end')).to.equal(wholeText('ΟΔΟΣ end'));
  });
});
