import { expect } from 'chai';
import { chunkText, sentences } from '../../../../plugins/topic-keyword-moderation/segment-selection.js';
import { randomStrings } from '../random-strings.js';

const pieces = ['.', '!', '?', '\n', ' ', '\t', '\r\n', 'word', 'é', '\u00a0', '\u3000', '\u2028', '😀', '. ', '.\n\n'];
const texts = [...randomStrings(pieces, 300, 900, 7), ...randomStrings(pieces, 2700, 40, 8)];
const withoutWhitespace = (text: string) => text.replace(/\s+/gu, '');

describe('topic_keyword_moderation chunking', () => {
  it('cuts sentences exactly where a look-behind split at sentence ends would', () => {
    for (const text of texts) expect(sentences(text), JSON.stringify(text)).to.deep.equal(text.split(/(?<=[.!?\n])\s+/u));
  });

  it('keeps a text no longer than the chunk size whole', () => {
    expect(chunkText('One two. Three four.', 20)).to.deep.equal(['One two. Three four.']);
  });

  it('packs whole sentences into a chunk while they fit, joined by one space', () => {
    expect(chunkText('A b. C d.\n\nE f!  G h?', 10)).to.deep.equal(['A b. C d.', 'E f! G h?']);
    expect(chunkText('One two. Three four. Five.', 10)).to.deep.equal(['One two.', 'Three four.', 'Five.']);
  });

  it('cuts a sentence longer than twice the chunk size into pieces of the chunk size', () => {
    expect(chunkText('abcdefghijklmnopqrstuvwxy', 10)).to.deep.equal(['abcdefghij', 'klmnopqrstuvwxy']);
    expect(chunkText('Hi. abcdefghijklmnopqrstuvwxyz', 10)).to.deep.equal(['Hi.', 'abcdefghij', 'klmnopqrstuvwxyz']);
  });

  it('loses nothing but whitespace, and no chunk is empty or longer than twice the chunk size', () => {
    texts.forEach((text, i) => {
      const size = i % 3 === 0 ? 600 : 8;
      const chunks = chunkText(text, size);
      expect(withoutWhitespace(chunks.join('')), JSON.stringify(text)).to.equal(withoutWhitespace(text));
      if (text.length > size) for (const chunk of chunks) expect(chunk.length, JSON.stringify(text)).to.be.within(1, size * 2);
    });
  });
});
