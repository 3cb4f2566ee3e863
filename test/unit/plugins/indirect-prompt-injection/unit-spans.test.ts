/**
 * The units are found as spans of the tool text (where each begins and ends), which the scorer
 * reads from one copy of the text, instead of being split and trimmed into a string each: the
 * spans must give exactly the units the splitting gave (the splitter below is the one they replace).
 */
import { expect } from 'chai';
import { unitSpans, unitTexts } from '../../../../plugins/indirect-prompt-injection/units.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';
import { toolText } from './generated-tool-text.js';

// The splitter the spans replace, as it was.
const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/u;
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote|section|article)>|<br\s*\/?>/i;
function splitThenTrim(text: string): string[] {
  const pieces: string[] = [];
  const addLine = (line: string) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    if (trimmed.length < 120 || trimmed.startsWith('|')) pieces.push(trimmed);
    else for (const s of trimmed.split(SENTENCE_END)) if (s.trim()) pieces.push(s.trim());
  };
  for (const line of text.split('\n')) {
    if (line.includes('<') && BLOCK_END.test(line)) for (const block of line.split(BLOCK_END)) addLine(block);
    else addLine(line);
  }
  const kept = pieces.length > 400 ? [...pieces.slice(0, 200), ...pieces.slice(-200)] : pieces;
  return kept.map((piece) => (piece.length > 600 ? piece.slice(0, 600) : piece));
}

describe('indirect_prompt_injection unit spans', () => {
  it('give the units that splitting and trimming gave, on generated tool output', () => {
    const random = seededRandom(35);
    const spans: number[] = [];
    for (let i = 0; i < 1500; i++) {
      const text = toolText(random, 1 + Math.floor(random() * (i % 10 === 0 ? 3000 : 700)));
      const expected = splitThenTrim(text);
      unitSpans(text, spans);
      const fromSpans: string[] = [];
      for (let k = 0; k < spans.length; k += 2) fromSpans.push(text.slice(spans[k], spans[k + 1]));
      expect(fromSpans, JSON.stringify(text)).to.deep.equal(expected);
      expect(unitTexts(text)).to.deep.equal(expected);
    }
  });

  it('keeps the first and last 200 units of a text with more, each cut to 600 characters', () => {
    const text = Array.from({ length: 450 }, (_, i) => `line ${i} ${'x'.repeat(i === 3 || i === 440 ? 700 : 5)}`).join('\n');
    const units = unitTexts(text);
    expect(units).to.deep.equal(splitThenTrim(text));
    expect(units).to.have.length(400);
    expect([units[3].length, units[390].length]).to.deep.equal([600, 600]);
    expect([units[199], units[200]]).to.deep.equal(['line 199 xxxxx', 'line 250 xxxxx']);
  });

  it('trims every code unit that trimming removed, and no other', () => {
    for (let c = 0; c < 0x10000; c++) {
      const unit = String.fromCharCode(c);
      const text = `${unit}x${unit}\n${unit}${unit}`;
      expect(unitTexts(text), `U+${c.toString(16)}`).to.deep.equal(splitThenTrim(text));
    }
  });

  it('finds nothing in empty or blank text', () => {
    for (const text of ['', ' ', '\n\n', '\r\n\t\u3000', '<br> </p></DIV>\n<br/>']) expect(unitSpans(text, [1, 2])).to.deep.equal([]);
  });
});
