/**
 * A fetched page often arrives minified, all on one line: its paragraphs must still be units of
 * their own, or every sentence of the page is scored as one, and an ordinary notice inherits the
 * features of its neighbours (and an injection hides among them).
 */
import { expect } from 'chai';
import { splitUnits } from '../../../../plugins/indirect-prompt-injection/units.js';

const PARAGRAPHS = ['Opening hours changed', 'The shop opens at 9 on weekdays', 'Parking is free after 6 pm', 'Card payments only'];
const PAGES: Array<(p: string[]) => string> = [
  (p) => `<html><body>${p.map((x) => `<p>${x}</p>`).join('')}</body></html>`,
  (p) => `<div>${p.map((x) => `<div>${x}</div>`).join('')}</div>`,
  (p) => `<ul>${p.map((x) => `<li>${x}</li>`).join('')}</ul>`,
  (p) => `<h2>${p[0]}</h2>${p.slice(1).join('<br>')}`,
  (p) => `<section><P>${p.join('</P><P>')}</P></section>`,
];

describe('indirect_prompt_injection: units of minified HTML', () => {
  for (const [i, page] of PAGES.entries()) {
    it(`cuts page ${i + 1} at the end of each block`, () => {
      const units = splitUnits(page(PARAGRAPHS)).map((u) => u.text);
      for (const paragraph of PARAGRAPHS) expect(units.filter((u) => u.includes(paragraph)), paragraph).to.have.length(1);
      expect(units.filter((u) => PARAGRAPHS.filter((p) => u.includes(p)).length > 1), 'units holding two paragraphs').to.deep.equal([]);
    });
  }
});
