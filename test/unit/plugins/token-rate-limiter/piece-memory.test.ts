/** The token counter's memory of pieces, looked up where they lie in the text. */
import { expect } from 'chai';
import { PieceMemory, pieceHash } from '../../../../plugins/token-rate-limiter/piece-memory.js';

describe('token_rate_limiter: piece memory', () => {
  it('finds a remembered piece wherever it lies in a text, and only that piece', () => {
    const memory = new PieceMemory(100);
    expect(memory.find('hello world', 5, 11)).to.equal(0);
    memory.remember(' world', 2);
    expect(memory.find('a world', 1, 7)).to.equal(2);
    expect(memory.find(' worlds', 0, 6)).to.equal(2);
    expect(memory.find(' worlds', 0, 7)).to.equal(0);
    expect(memory.find(' World', 0, 6)).to.equal(0);
  });

  it('tells apart pieces whose hashes are equal', () => {
    // Two distinct words with the same 32-bit hash, found by the birthday bound.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const word = `w${i.toString(36)}`;
      const hash = pieceHash(word, 0, word.length);
      const other = seen.get(hash);
      if (other !== undefined) pair = [other, word];
      else seen.set(hash, word);
    }
    const [a, b] = pair;
    const memory = new PieceMemory(100);
    expect(memory.find(a, 0, a.length)).to.equal(0);
    memory.remember(a, 1);
    expect(memory.find(b, 0, b.length), `${a} and ${b}`).to.equal(0);
    memory.remember(b, 2);
    expect(memory.find(a, 0, a.length)).to.equal(1);
    expect(memory.find(b, 0, b.length)).to.equal(2);
  });

  it('keeps every piece up to its capacity, then starts over', () => {
    const memory = new PieceMemory(4);
    const pieces = ['a', 'b', 'c', 'd', 'e'];
    for (const [i, piece] of pieces.slice(0, 4).entries()) {
      expect(memory.find(piece, 0, 1)).to.equal(0);
      memory.remember(piece, i + 1);
    }
    for (const [i, piece] of pieces.slice(0, 4).entries()) expect(memory.find(piece, 0, 1), piece).to.equal(i + 1);
    expect(memory.find('e', 0, 1)).to.equal(0);
    memory.remember('e', 5);
    expect(memory.find('e', 0, 1)).to.equal(5);
    for (const piece of pieces.slice(0, 4)) expect(memory.find(piece, 0, 1), piece).to.equal(0);
  });
});
