/** The hand-read o200k_base pre-split on ASCII against the tokenizer's own expression. */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { asciiPieceEnd, O200K_PATTERN } from '../../../../plugins/token-rate-limiter/ascii-pieces.js';
import { readByteRanks } from '../../../../plugins/token-rate-limiter/byte-pair-count.js';
import { TokenCounter } from '../../../../plugins/token-rate-limiter/token-count.js';

const expression = new RegExp(o200k.pat_str, 'uy');
/** Where the expression's piece starting at `start` ends. */
function expressionEnd(text: string, start: number): number {
  expression.lastIndex = start;
  return expression.test(text) ? expression.lastIndex : -1;
}

/**
 * Texts built from the pieces each alternative of the pattern turns on: letter cases and
 * contractions, digit runs, marks before letters, runs of spaces, tabs and line breaks, `/` after
 * a break, and code units beyond ASCII that continue a run (letters, digits, spaces, punctuation).
 */
function trickyText(seed: number, beyondAscii: boolean): string {
  let s = seed;
  const next = (n: number) => ((s = (s * 48271) % 2147483647) % n);
  const ascii = ['a', 'Z', 'ab', 'AB', 'Ab', 'aB', "'", "'s", "'S", "'re", "'RE", "'Ve", "'ll", "'lL", "'d", "'x", "'r", '1', '12', '1234', ' ', '  ', '\t', '\n', '\r\n', '\v', '\f', '/', '!', '.', '""', '\u0000', '\u007f', '_', '-'];
  const beyond = ['é', 'É', 'ǅ', 'ʰ', '東', '\u0301', '²', '٣', '\u00a0', '\u2028', '\u3000', '—', '…', '🙂', '\ud800'];
  let out = '';
  for (let i = 0, n = 1 + next(40); i < n; i++) out += beyondAscii && next(5) === 0 ? beyond[next(beyond.length)] : ascii[next(ascii.length)];
  return out;
}

describe('token_rate_limiter: the o200k_base pre-split read by hand on ASCII', () => {
  it('reads the pattern of the tokenizer\'s rank file', () => {
    expect(O200K_PATTERN).to.equal(o200k.pat_str);
  });

  it('ends every piece where the expression does, from any position, or leaves it to the expression', () => {
    const texts = [...Array.from({ length: 3000 }, (_, i) => trickyText(i + 1, false)), ...Array.from({ length: 3000 }, (_, i) => trickyText(i + 10_001, true))];
    const prose = [...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => readFileSync(`docs/${f}`, 'utf8')), readFileSync('core/proxy/app.ts', 'utf8')];
    let read = 0;
    let left = 0;
    const wrong: string[] = [];
    const check = (text: string, start: number) => {
      const end = asciiPieceEnd(text, start);
      if (end < 0) left++;
      else if ((read++, end !== expressionEnd(text, start))) wrong.push(`${JSON.stringify(text.slice(Math.max(0, start - 10), start + 20))} at ${start}: ${end}`);
    };
    // The generated texts from every position; the docs and code piece by piece.
    for (const text of texts) for (let start = 0; start < text.length; start++) check(text, start);
    for (const text of prose) {
      for (let start = 0; start < text.length; start = expressionEnd(text, start)) check(text, start);
    }
    expect(wrong.slice(0, 10)).to.deep.equal([]);
    // Both ways are exercised.
    expect(read).to.be.above(100_000);
    expect(left).to.be.above(1_000);
  });

  it('leaves nothing of an ASCII text to the expression', () => {
    for (let i = 1; i <= 500; i++) {
      const text = trickyText(i, false);
      for (let start = 0; start < text.length; start++) expect(asciiPieceEnd(text, start), JSON.stringify(text)).to.be.at.least(0);
    }
  });

  it('leaves to the expression a piece that a code unit beyond ASCII could continue', () => {
    // A lower-case run, an upper-case run, a digit run, a mark run and a space run, each
    // followed by what would continue it in another script.
    for (const text of ['caf\u00e9', 'ABÇ', '12²', '!!—', '  \u00a0x', 'x\u0301']) expect(asciiPieceEnd(text, 0), JSON.stringify(text)).to.equal(-1);
    // After three digits, or a contraction, nothing further is read.
    expect(asciiPieceEnd('123\u00b2', 0)).to.equal(3);
    expect(asciiPieceEnd("don't\u00e9", 0)).to.equal(5);
  });

  it('counts as the tokenizer does through the hand-read pieces', () => {
    const encoding = new Tiktoken(o200k);
    const counter = new TokenCounter(readByteRanks(o200k.bpe_ranks), o200k.pat_str);
    for (let i = 1; i <= 400; i++) {
      const text = trickyText(i + 20_000, i % 2 === 0);
      expect(counter.count(text), JSON.stringify(text)).to.equal(encoding.encode(text, [], []).length);
    }
  });
});
