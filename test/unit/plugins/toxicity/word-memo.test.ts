import { expect } from 'chai';
import { HASH_SEED, step } from '../../../../plugins/toxicity/features.js';
import { WordMemo, type WordReading } from '../../../../plugins/toxicity/word-memo.js';
import { seededRandom as rng } from '../../../fixtures/seeded-random.js';
import { hitsOf, toxicity } from './inspect.js';

describe('toxicity word memo', () => {
  it('reads every word right after the memo of words seen before was emptied for being full', function () {
    this.timeout(60_000);
    const detector = toxicity();
    // Words the memo has not seen, 1,000 to a text: past 50,000 of them the memo starts over.
    let next = 0;
    const fresh = () => Array.from({ length: 1000 }, () => `zq${(next++).toString(36)}`).join(' ');
    const probes = ['you are a worthless idiot and a bitch', 'I will kill you tomorrow', 'what a lovely garden', 'fuck this broken shit'];
    const expected = probes.map((p) => JSON.stringify(hitsOf(p, toxicity())));
    for (let round = 0; round < 60; round++) {
      // A probe mixed with new words, so its words are filed between them.
      const probe = probes[round % probes.length];
      hitsOf(`${fresh()} ${probe}`, detector);
      // Each probe alone, as a fresh detector reads it.
      probes.forEach((p, i) => expect(JSON.stringify(hitsOf(p, detector)), `${p} after ${next} words`).to.equal(expected[i]));
    }
    expect(next).to.be.greaterThan(50_000);
  });
});

describe('toxicity WordMemo', () => {
  // A reading that names its word, so a look-up that returns another word's entry shows.
  const reading = (word: string): WordReading => ({ tags: [['profanity', word.length % 2 ? 'low' : 'high']], cues: word.length * 31 + word.charCodeAt(0) });
  const fnv = (text: string, start: number, end: number) => {
    let h = HASH_SEED;
    for (let i = start; i < end; i++) h = step(h, text.charCodeAt(i));
    return h;
  };
  /**
   * Looks up every word of `text` (pieces between single spaces) with `hash`, checking each
   * against `reading`; every other text also hands its code units one place on, as the window scorer does.
   */
  let texts = 0;
  function lookUpAll(memo: WordMemo, text: string, hash: (start: number, end: number) => number) {
    const units = texts++ % 2 ? Uint16Array.from(` ${text} `, (c) => c.charCodeAt(0)) : undefined;
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      if (i < text.length && text.charCodeAt(i) !== 32) continue;
      const word = text.slice(start, i);
      const entry = memo.find(text, start, i, hash(start, i), units);
      expect(memo.tagsOf(entry), word).to.deep.equal(reading(word).tags);
      expect(memo.cuesOf(entry), word).to.equal(reading(word).cues);
      start = i + 1;
    }
  }
  const random = rng(3540);
  const randomWord = () => {
    const length = 1 + Math.floor(random() * 9);
    let word = '';
    for (let k = 0; k < length; k++) word += 'abcdeé*1'[Math.floor(random() * 8)];
    return word;
  };
  const randomText = (words: number) => Array.from({ length: words }, randomWord).join(' ');

  it('reads each word once and finds it again wherever it comes, past several growths of its table', () => {
    const reads = new Map<string, number>();
    const memo = new WordMemo((word) => {
      reads.set(word, (reads.get(word) ?? 0) + 1);
      return reading(word);
    });
    for (let n = 0; n < 40; n++) {
      const text = randomText(500);
      lookUpAll(memo, text, (start, end) => fnv(text, start, end));
    }
    expect(memo.count).to.equal(reads.size).and.to.be.greaterThan(10_000);
    expect([...reads.values()].every((times) => times === 1)).to.equal(true);
  });

  it('keeps words of one hash apart, comparing them with the text', () => {
    const memo = new WordMemo(reading);
    // Every word filed under one hash: only the comparison tells them apart.
    for (let n = 0; n < 20; n++) lookUpAll(memo, randomText(100), () => 7);
  });

  it('starts over when full and reads the words it forgot again', () => {
    let reads = 0;
    const memo = new WordMemo((word) => {
      reads++;
      return reading(word);
    }, 100);
    const text = Array.from({ length: 250 }, (_, i) => `w${i}`).join(' ');
    lookUpAll(memo, text, (start, end) => fnv(text, start, end));
    expect(reads).to.equal(250);
    expect(memo.count).to.equal(50);
    lookUpAll(memo, text, (start, end) => fnv(text, start, end));
    expect(reads).to.equal(500);
  });

  it('answers SAYS_NOTHING for a word without tags or cues, read once, among words that say something', () => {
    let reads = 0;
    // Words of even length say nothing.
    const memo = new WordMemo((word) => {
      reads++;
      return word.length % 2 ? reading(word) : { tags: [], cues: 0 };
    });
    for (let n = 0; n < 10; n++) {
      const text = randomText(2000);
      let start = 0;
      for (let i = 0; i <= text.length; i++) {
        if (i < text.length && text.charCodeAt(i) !== 32) continue;
        const word = text.slice(start, i);
        const entry = memo.find(text, start, i, fnv(text, start, i));
        if (word.length % 2) {
          expect(entry, word).to.be.at.least(0);
          expect(memo.tagsOf(entry), word).to.deep.equal(reading(word).tags);
          expect(memo.cuesOf(entry), word).to.equal(reading(word).cues);
        } else {
          expect(entry, word).to.equal(WordMemo.SAYS_NOTHING);
          expect(memo.tagsOf(entry)).to.deep.equal([]);
          expect(memo.cuesOf(entry)).to.equal(0);
        }
        start = i + 1;
      }
    }
    expect(reads).to.equal(memo.count);
  });

  it('reads a word too long to remember each time it comes', () => {
    let reads = 0;
    const memo = new WordMemo((word) => {
      reads++;
      return reading(word);
    });
    const long = 'x'.repeat(300);
    const text = `${long} short ${long}y short ${long}`;
    lookUpAll(memo, text, (start, end) => fnv(text, start, end));
    expect(reads).to.equal(4);
    expect(memo.count).to.equal(1);
  });
});
