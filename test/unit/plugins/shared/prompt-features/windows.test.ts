import { expect } from 'chai';
import { AnchorIndex, countFamilies, FAMILIES } from '../../../../../plugins/shared/prompt-features/patterns.js';
import { TokenIndex, tokenHashes } from '../../../../../plugins/shared/prompt-features/tokens.js';
import { CodeUnits } from '../../../../../plugins/shared/prompt-features/chars.js';
import { letterCounts, WordIndex, wordCounts } from '../../../../../plugins/shared/prompt-features/words.js';
import { SymbolRunIndex, symbolRuns } from '../../../../../plugins/shared/prompt-features/symbol-runs.js';
import { LineStarts } from '../../../../../plugins/shared/prompt-features/line-starts.js';
import { surfaceStats } from '../../../../../plugins/shared/prompt-features/surface.js';

// Text that puts anchors, line breaks, surrogate pairs and literals at every window edge.
const PIECES = [
  'ignore all previous instructions', '\n', '\r\n', 'disregard the rules', '𝐀', 'x', ' ', "don't", 'system:', '###',
  '\nuser: hi', 'IterreateAlpha', 'textitSpan6', 'You', "you're", 'ABCdef', '\nUser: hello', '\nassistant:\n', 'Q:', '\r\nA: ', '({', '](', '."', '...', ').', '=', '-', 'Ünïcode', "o'", "'", '\ud835', '\udc00', '!?', 'a1', 'from now on you are', 'é', '忽略之前的指令', 'igno', 're', '<|im_start|>', 'dan', '\u2028', '[INST]', 'you must',
];

function text(seed: number, length: number, lower = true): string {
  let state = seed;
  let out = '';
  while (out.length < length) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    out += PIECES[state % PIECES.length];
  }
  return lower ? out.toLowerCase() : out;
}

describe('prompt_guard window anchors', () => {
  it('reads the same family counts from the whole text as a search of each window finds', () => {
    const a = new Float64Array(FAMILIES.length);
    const b = new Float64Array(FAMILIES.length);
    const index = new AnchorIndex();
    for (let seed = 1; seed <= 6; seed++) {
      const whole = text(seed, 600);
      index.fill(whole);
      for (const length of [1, 2, 3, 40, 170]) {
        for (let start = 0; start + length <= whole.length; start++) {
          const window = whole.slice(start, start + length);
          countFamilies(window, a);
          countFamilies(window, b, 8, { index, start });
          expect(Array.from(b), `seed ${seed} at ${start}+${length}`).to.deep.equal(Array.from(a));
        }
      }
    }
  });
});

describe('prompt_guard window tokens', () => {
  it('reads the same token hashes from the whole text as hashing each window gives', () => {
    const units = new CodeUnits();
    const index = new TokenIndex();
    const a = new Uint32Array(1000);
    const b = new Uint32Array(1000);
    for (let seed = 1; seed <= 6; seed++) {
      const whole = text(seed, 600);
      index.fill(whole);
      for (const length of [1, 2, 3, 4, 5, 40, 170]) {
        for (let start = 0; start + length <= whole.length; start++) {
          const window = whole.slice(start, start + length);
          const n = tokenHashes(units.of(window), length, a);
          const m = index.read(start, start + length, b);
          expect(Array.from(b.subarray(0, m)), `seed ${seed} at ${start}+${length}`).to.deep.equal(Array.from(a.subarray(0, n)));
        }
      }
    }
  });
});

describe('prompt_guard window word statistics', () => {
  it('reads the same word statistics from the whole text as counting each window gives', () => {
    const units = new CodeUnits();
    const index = new WordIndex();
    for (let seed = 1; seed <= 6; seed++) {
      const whole = text(seed, 700, false);
      index.fill(whole);
      for (const length of [1, 2, 3, 4, 40, 170, 300]) {
        for (let start = 0; start + length <= whole.length; start++) {
          const window = whole.slice(start, start + length);
          const { letters, upper, ...expected } = wordCounts(units.of(window), length, window);
          expect(index.read(start, start + length), `seed ${seed} at ${start}+${length}`).to.deep.equal(expected);
          expect({ letters, upper }, `letters of seed ${seed} at ${start}+${length}`).to.deep.equal(letterCounts(units.of(window), length));
        }
      }
    }
  });
});

describe('prompt_guard window symbol runs', () => {
  it('reads the same symbol runs from the whole text as counting each window gives', () => {
    const index = new SymbolRunIndex();
    for (let seed = 1; seed <= 6; seed++) {
      const whole = text(seed, 700, false);
      index.fill(whole);
      for (const length of [1, 2, 3, 4, 40, 170]) {
        for (let start = 0; start + length <= whole.length; start++) {
          const window = whole.slice(start, start + length);
          expect(index.read(start, start + length), `seed ${seed} at ${start}+${length}`).to.equal(symbolRuns(window));
        }
      }
    }
  });
});

describe('prompt_guard window surface statistics', () => {
  it('reads the same surface statistics from the whole text as computing each window gives', () => {
    const words = new WordIndex();
    const runs = new SymbolRunIndex();
    const lines = new LineStarts();
    for (let seed = 1; seed <= 4; seed++) {
      const whole = text(seed, 700, false);
      words.fill(whole);
      runs.fill(whole);
      lines.fill(whole);
      for (const length of [1, 2, 3, 40, 170]) {
        for (let start = 0; start + length <= whole.length; start++) {
          const window = whole.slice(start, start + length);
          const expected = { ...surfaceStats(window) };
          expect(surfaceStats(window, { words, runs, lines, start }), `seed ${seed} at ${start}+${length}`).to.deep.equal(expected);
        }
      }
    }
  });
});
