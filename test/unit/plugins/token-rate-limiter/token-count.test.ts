import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { TokenCounter } from '../../../../plugins/token-rate-limiter/token-count.js';
import { bytePairCount, readByteRanks } from '../../../../plugins/token-rate-limiter/byte-pair-count.js';

/** Random text mixing what the tokenizer's pre-split treats differently. */
function randomText(seed: number): string {
  let s = seed;
  const next = (n: number) => ((s = (s * 48271) % 2147483647) % n);
  const parts = [
    'the', ' The', 'quick', "don't", "WE'LL", 'naïve', 'Straße', '東京タワー', '한국어', 'مرحبا', 'привет', '🙂', '👩‍💻',
    '12345', '3.14159', '2026-11-22', '  ', '\n', '\r\n\r\n', '\t', '...', '!!', '$$', '<|endoftext|>', '<|im_start|>', '{"a":[1,2]}', 'https://example.com/a?b=c',
    'ÀÉÎ', 'ǅ', '\u0301', 'x\u0301y',
  ];
  let out = '';
  for (let i = 0, n = 5 + next(60); i < n; i++) out += parts[next(parts.length)] + (next(3) === 0 ? ' ' : '');
  return out;
}

describe('token_rate_limiter: piece-cached token counts', () => {
  // The tokenizer library is the reference; the counter reads the same rank file.
  const encoding = new Tiktoken(o200k);
  const exact = (text: string) => encoding.encode(text, [], []).length;
  const ranks = readByteRanks(o200k.bpe_ranks);

  it("has pieces that tile any text: every code point, lone surrogates included, starts a piece (what the counter's sticky matching relies on)", () => {
    const piece = new RegExp(o200k.pat_str, 'uy');
    const untiled: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      const text = String.fromCodePoint(cp);
      piece.lastIndex = 0;
      if (!piece.test(text) || piece.lastIndex !== text.length) untiled.push(cp);
    }
    expect(untiled).to.deep.equal([]);
  });

  it('counts exactly what the tokenizer encodes, on prose, code, markup and mixed scripts', () => {
    const counter = new TokenCounter(ranks, o200k.pat_str);
    const texts = [
      ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => readFileSync(`docs/${f}`, 'utf8')),
      readFileSync('core/proxy/app.ts', 'utf8'),
      ...Array.from({ length: 400 }, (_, i) => randomText(i + 1)),
    ];
    for (const text of texts) expect(counter.count(text), text.slice(0, 60)).to.equal(exact(text));
    // Counted again from memory, still exact.
    for (const text of texts.slice(0, 50)) expect(counter.count(text)).to.equal(exact(text));
  });

  it('stays exact when its piece memory starts over', () => {
    const counter = new TokenCounter(ranks, o200k.pat_str);
    // 60,000 distinct lowercase words: more pieces than it remembers, within the exact-count length.
    const word = (i: number) => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(i / 26 ** k) % 26))).join('');
    const many = Array.from({ length: 60_000 }, (_, i) => word(i)).join(' ');
    expect(many.length).to.be.below(400_000);
    expect(counter.count(many)).to.equal(exact(many));
    expect(counter.count(many)).to.equal(exact(many));
  });

  it('has every single byte as a token, so every part the merge leaves is one', () => {
    for (let byte = 0; byte < 256; byte++) expect(ranks.ranks.has(String.fromCharCode(byte)), `byte ${byte}`).to.equal(true);
  });

  it('merges long runs as the tokenizer does: letters, digits, punctuation, spaces, mixed scripts', () => {
    let s = 3;
    const next = (n: number) => ((s = (s * 48271) % 2147483647) % n);
    const alphabets = ['a', 'ab', 'abcdefghijklmnopqrstuvwxyz', 'ABCabc', '01', '!?.', ' ', 'éèà', 'абв', '東京', 'xX1_'];
    const pieces: string[] = [];
    for (const alphabet of alphabets) {
      const letters = [...alphabet];
      for (const length of [2, 7, 31, 120, 300]) pieces.push(Array.from({ length }, () => letters[next(letters.length)]).join(''));
    }
    for (const piece of pieces) {
      const bytes = Buffer.from(piece, 'utf8').toString('latin1');
      // encode() splits by the pattern first; one match of it is what bytePairCount reads.
      const matches = [...piece.matchAll(new RegExp(o200k.pat_str, 'ug'))].map((m) => m[0]);
      if (matches.length === 1) expect(bytePairCount(bytes, ranks), JSON.stringify(piece)).to.equal(exact(piece));
    }
    const counter = new TokenCounter(ranks, o200k.pat_str);
    for (const piece of pieces) expect(counter.count(piece), JSON.stringify(piece)).to.equal(exact(piece));
  });
});
