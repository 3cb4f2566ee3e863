import { expect } from 'chai';
import { chunkText } from '../../../../plugins/topic-keyword-moderation/segment-selection.js';
import { randomStrings } from '../random-strings.js';

/** The chunking as first written, with the look-behind split: the reference the scanner must equal. */
function referenceChunks(text: string, size = 600): string[] {
  if (text.length <= size) return [text];
  const chunks: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?\n])\s+/u)) {
    if (current && current.length + sentence.length > size) {
      chunks.push(current);
      current = '';
    }
    current += (current ? ' ' : '') + sentence;
    while (current.length > size * 2) {
      chunks.push(current.slice(0, size));
      current = current.slice(size);
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

describe('topic_keyword_moderation chunking', () => {
  it('cuts text exactly where a look-behind split at sentence ends would', () => {
    const pieces = ['.', '!', '?', '\n', ' ', '\t', '\r\n', 'word', 'é', '\u00a0', '\u3000', '\u2028', '😀', '. ', '.\n\n'];
    const texts = [...randomStrings(pieces, 300, 900, 7), ...randomStrings(pieces, 2700, 40, 8)];
    texts.forEach((text, i) => {
      const size = i % 3 === 0 ? 600 : 8;
      expect(chunkText(text, size), JSON.stringify(text)).to.deep.equal(referenceChunks(text, size));
    });
  });
});
