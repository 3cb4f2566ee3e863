import { expect } from 'chai';
import { NeedleScanner, type Needle } from '../../../../../plugins/data-loss-prevention/secrets/prefilter.js';
import { shippedRules } from '../../../../../plugins/data-loss-prevention/secrets/rules.js';
import { seededRandom } from '../../../../fixtures/seeded-random.js';

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/**
 * The prefilter's contract read straightforwardly: at each position whose code unit and the two
 * after it (none past the end) are ASCII, every needle that occurs there (two-character ones
 * first), each in the order given.
 */
function straightforwardScan(needles: readonly Needle[], text: string): Array<[number, number]> {
  const hits: Array<[number, number]> = [];
  const occursAt = (n: Needle, at: number) => {
    if (at + n.text.length > text.length) return false;
    for (let k = 0; k < n.text.length; k++) {
      const c = text.charCodeAt(at + k);
      const t = n.text.charCodeAt(k);
      if (n.caseSensitive ? c !== t : lower(c) !== lower(t)) return false;
    }
    if (n.tokenStart && at > 0 && isAlnum(text.charCodeAt(at - 1))) return false;
    if (!n.operatorAfter) return true;
    let i = at + n.text.length;
    if (text[i] === '"' || text[i] === "'") i++;
    while (' \t\n\r'.includes(text[i] ?? 'x')) i++;
    return text[i] === ':' || text[i] === '=';
  };
  const ordered = [...needles.filter((n) => n.text.length === 2), ...needles.filter((n) => n.text.length > 2)];
  for (let i = 0; i + 1 < text.length; i++) {
    if ((text.charCodeAt(i) | text.charCodeAt(i + 1) | (i + 2 < text.length ? text.charCodeAt(i + 2) : 0)) >= 128) continue;
    for (const n of ordered) if (occursAt(n, i)) hits.push([n.rule, i]);
  }
  return hits;
}

describe('data_loss_prevention secrets: the prefilter pass', () => {
  // The shipped rules' needles, and the gated recognizers' kinds: two-character keywords in any
  // case, keys that need an operator after them, case-sensitive triggers.
  const needles: Needle[] = [
    ...shippedRules().needles,
    { text: 'wd', caseSensitive: false, tokenStart: false, rule: 900, operatorAfter: true },
    { text: 'key', caseSensitive: false, tokenStart: false, rule: 901, operatorAfter: true },
    { text: 'Bearer', caseSensitive: true, tokenStart: false, rule: 902 },
    { text: '://', caseSensitive: true, tokenStart: false, rule: 903 },
    { text: 'mysql', caseSensitive: false, tokenStart: false, rule: 904 },
    { text: '-----BEGIN', caseSensitive: true, tokenStart: false, rule: 905 },
  ];
  const scanner = new NeedleScanner(needles);

  /** Checks the scanner against the straightforward reading on `count` texts of up to `pieceCount` random pieces; returns the hits found. */
  function sameAsStraightforward(r: () => number, pieces: string[], count: number, pieceCount: number): number {
    let hits = 0;
    for (let n = 0; n < count; n++) {
      let text = '';
      const length = 1 + Math.floor(r() * pieceCount);
      for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
      const found: Array<[number, number]> = [];
      scanner.scan(text, (rule, at) => found.push([rule, at]));
      const expected = straightforwardScan(needles, text);
      expect(found, JSON.stringify(text)).to.deep.equal(expected);
      hits += expected.length;
    }
    return hits;
  }

  it('finds exactly what the straightforward reading finds, on generated texts', () => {
    const r = seededRandom(358);
    const pieces = [
      ...needles.map((n) => n.text),
      ...needles.map((n) => n.text.toUpperCase()),
      ...needles.map((n) => n.text[0].toUpperCase() + n.text.slice(1)),
      ...needles.map((n) => n.text.slice(0, 2)),
      'a', 'x', '_', '-', '0', '9', ' ', '\n', '"', "'", '=', ':', ' = ', 'é', 'ñ', '\u00ff', '\u0100', '😀', 'K', 'kE', 'W', 'Sk', 'sK', 'AI', 'ac',
    ];
    expect(sameAsStraightforward(r, pieces, 20000, 10)).to.be.greaterThan(20000);
  });

  it('finds needles at their offsets after characters of every UTF-8 length, lone surrogates included', () => {
    const r = seededRandom(362);
    // Two-, three- and four-byte characters, lone high and low surrogates, and needles between.
    const pieces = ['é', '\u0100', '€', '中', '\uffff', '😀', '\u{10400}', '\ud800', '\udc00', '\ud83d', ' ', 'x', 'AKIA', 'ghp_', 'aws', 'SK', 'wd=', 'key:', '://', 'Bearer'];
    expect(sameAsStraightforward(r, pieces, 10000, 14)).to.be.greaterThan(10000);
  });

  it('reads a long text whole', () => {
    const text = `${'é€😀 word '.repeat(20000)}AKIA and aws`;
    const found: Array<[number, number]> = [];
    scanner.scan(text, (rule, at) => found.push([rule, at]));
    expect(found).to.deep.equal(straightforwardScan(needles, text));
    expect(found.length).to.be.greaterThan(0);
  });

  it('skips no needle beside code units beyond ASCII, nor at the very end of a text', () => {
    for (const text of ['éSK', 'SKé', 'xSK', 'aws', 'é aws', 'AWSé', 'akiaé', 'wd=', 'WD :', 'é\u0100SK']) {
      const found: Array<[number, number]> = [];
      scanner.scan(text, (rule, at) => found.push([rule, at]));
      expect(found, text).to.deep.equal(straightforwardScan(needles, text));
    }
  });
});
