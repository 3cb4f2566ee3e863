import { expect } from 'chai';
import { firing } from './inspect.js';

describe('toxicity on words split by invisible characters', () => {
  // Format characters that do not show: zero-width space, non-joiner and joiner, soft hyphen, word joiner, BOM.
  const invisible = ['\u200B', '\u200C', '\u200D', '\u00AD', '\u2060', '\uFEFF'];
  const cases: Array<[string, string, string]> = [
    ['fu', 'ck this', 'profanity'],
    ['you are an id', 'iot', 'harassment'],
    ['sh', 'it happens', 'profanity'],
    ['I will ki', 'll you', 'violence'],
  ];

  it('reads the word the characters were slipped into', () => {
    for (const mark of invisible) for (const [head, tail, category] of cases) expect(firing(head + mark + tail), JSON.stringify(head + mark + tail)).to.include(category);
  });
});
