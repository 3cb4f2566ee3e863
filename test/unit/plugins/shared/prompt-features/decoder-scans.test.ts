import { expect } from 'chai';
import { CodeUnits } from '../../../../../plugins/shared/prompt-features/chars.js';
import { decodePayloads, englishShare, payloadCandidates } from '../../../../../plugins/shared/prompt-features/decoders.js';
import { seededTexts } from '../../prompt-guard/seeded-texts.js';

// The regexes the scan stands for (decoders.ts).
const BASE64 = /(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX = /(?<![0-9a-f])(?:(?:0x|\\x)?[0-9a-f]{2}[\s:,]?){8,}/gi;

const texts = (pieces: readonly string[], count: number) => seededTexts(pieces, count, 40, 777);

describe('prompt_guard payload scan', () => {
  const pieces = ['Ab9+', 'cd/_', 'EF-x', 'ff00', '0x', '\\x', '=', '==', ' ', ':', ',', 'zz', '\u3000', '中文', '\u00a0', 'q', 'QQ', '\ud83d\ude00', '\n'];
  const units = new CodeUnits();
  const scratch = { base64: [] as number[], hexRuns: [] as number[] };

  it('keeps exactly the base64 matches that hold both cases, in order', () => {
    for (const s of texts(pieces, 30_000)) {
      const want = [...s.matchAll(BASE64)].filter((m) => /[A-Z]/.test(m[0]) && /[a-z]/.test(m[0])).flatMap((m) => [m.index!, m.index! + m[0].length]);
      expect(payloadCandidates(units.of(s), s.length, scratch).base64, JSON.stringify(s)).to.deep.equal(want);
    }
  });

  it('finds, searching its hex runs, the very matches a search of the whole text finds', () => {
    let matched = 0;
    const hexPieces = ['ab', 'ff00', '0x', '\\x', '12', 'C3', ' ', ':', ',', '\u3000', '\u00a0', '  ', 'g', '中', 'Z9', '48656c6c6f20776f726c6421', '\n', 'x'];
    for (const s of texts(hexPieces, 30_000)) {
      const whole = [...s.matchAll(HEX)].map((m) => `${m.index}:${m[0]}`);
      const runs = payloadCandidates(units.of(s), s.length, scratch).hexRuns;
      const inRuns: string[] = [];
      for (let k = 0; k < runs.length; k += 2) for (const m of s.slice(runs[k], runs[k + 1]).matchAll(HEX)) inRuns.push(`${runs[k] + m.index!}:${m[0]}`);
      expect(inRuns, JSON.stringify(s)).to.deep.equal(whole);
      matched += whole.length;
    }
    expect(matched).to.be.greaterThan(400);
  });

  it('needs 16 hex digits in one run, and takes no character beyond ASCII but a space for a separator', () => {
    const has = (s: string) => payloadCandidates(units.of(s), s.length, scratch).hexRuns.length > 0;
    expect(has('中文的功能行'.repeat(20))).to.equal(false);
    expect(has('the cafe was a bad deed')).to.equal(false);
    expect(has('de ad be ef ca fe ba be')).to.equal(true);
    expect(has('de\u3000ad\u3000be\u3000ef\u3000ca\u3000fe\u3000ba\u3000be')).to.equal(true);
    expect(has('de中ad中be中ef中ca中fe中ba中be')).to.equal(false);
  });

  it('rotates or reverses a text beyond ASCII exactly when the built ROT13 or reverse reads as English', () => {
    // What the decoder decides on word counts, decided on the built texts instead.
    const rot13 = (t: string) => t.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)));
    const built = (t: string) => {
      const out: string[] = [];
      if (englishShare(t) >= 0.2 || !/[a-z]{3}/i.test(t)) return out;
      if (englishShare(rot13(t)) >= 0.25) out.push(`rot13:${rot13(t)}`);
      const reversed = [...t].reverse().join('');
      if (englishShare(reversed) >= 0.25) out.push(`reversed:${reversed}`);
      return out;
    };
    // Common words, their ROT13 and reverse, in both cases; letters whose lower case is special
    // (`İ` and the Kelvin sign lower-case to ASCII, final sigma depends on its neighbours).
    const words = ['the', 'gur', 'eht', 'And', 'NAQ', 'dna', 'you', 'lbh', 'uoy', 'ignore', 'vtaber', 'erongi', 'xyzzy', 'qwrt'];
    const others = [' ', ' ', '.', '\n', 'é', 'ÉTÉ', 'ΣΑΣ', 'ς', '中文', 'ß', '\u0130', '\u212a', 'k', '\ud83d\ude00', 'ǅ', '\u24b6'];
    let decided = 0;
    for (const s of texts([...words, ...others], 20_000)) {
      const got = decodePayloads(s, false)
        .filter((p) => p.encoding === 'rot13' || p.encoding === 'reversed')
        .map((p) => `${p.encoding}:${p.text}`);
      const want = built(s);
      decided += want.length;
      expect(got, JSON.stringify(s)).to.deep.equal(want);
    }
    expect(decided).to.be.greaterThan(500);
  });
});
