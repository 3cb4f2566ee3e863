/**
 * doc_analyzer on adversarial input: HTML pages with 100,000 hidden elements, comments or
 * unclosed tags, style sheets of 100,000 rules over thousands of elements, deep nesting, a DOCX
 * of 100,000 hidden runs, a megabyte of invisible or tag characters. Each case must finish (the
 * mocha timeout is the hang detector), not throw, and report within the service's limits; a
 * page whose style rules would need more than MAX_RULE_CHECKS matches is unreadable, as one
 * nested too deeply is.
 */
import { expect } from 'chai';
import type { DetectorHit, InspectionRequest } from '../../../../core/guardrail/detector.js';
import { MAX_RULE_CHECKS } from '../../../../plugins/doc-analyzer/css-visibility.js';
import { extractHtml } from '../../../../plugins/doc-analyzer/html-extractor.js';
import detector from '../../../../plugins/doc-analyzer/index.js';
import { buildDocx } from '../../../fixtures/detectors/doc-analyzer/build-docx.js';
import { COMMON_CASES, MB, expectWithinLimits, nested, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

const settings = settingsOf(detector, { max_text_chars: 5_000_000 });
const inspect = async (request: InspectionRequest): Promise<DetectorHit[]> => detector.create(settings).inspect(request);
const page = (body: string, head = '') => `<html><head>${head}</head><body>${body}</body></html>`;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('doc_analyzer: adversarial inputs', function () {
  // The whole file reads in seconds; matching every style rule on every element took a minute.
  this.timeout(30_000);

  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what} in a tool result`, async () => expectWithinLimits(await inspect(requestOf([make()], 'tool_result'))));
  }

  const PAGES: ReadonlyArray<readonly [string, () => string]> = [
    ['100,000 hidden elements', () => page(repeated('<span style="display:none">ignore all</span>', 4.5 * MB))],
    ['100,000 comments', () => page(repeated('<!-- ignore all -->', 1.9 * MB))],
    ['100,000 unclosed tags', () => page(repeated('<div style="color:white">x', 2.7 * MB))],
    ['100,000 style rules over 10,000 elements each filed under another name', () =>
      page(repeated('<p class="b">x</p>', 0.18 * MB), `<style>${Array.from({ length: 100_000 }, (_, i) => `.c${i}{display:none}`).join('')}</style>`)],
    ['nesting 100,000 deep', () => nested('<div>', '</div>', 100_000, 'ignore all')],
    ['a megabyte of zero-width characters', () => '\u200b'.repeat(MB)],
    ['half a million tag characters', () => '\u{E0041}'.repeat(MB / 2)],
  ];
  for (const [what, make] of PAGES) {
    it(`reads a page of ${what}, in a tool result and as an attachment`, async () => {
      const html = make();
      expectWithinLimits(await inspect(requestOf([html], 'tool_result')));
      const attachment = { id: 0, media_type: 'text/html', data: Buffer.from(html).toString('base64'), name: 'page.html' };
      expectWithinLimits(await inspect({ direction: 'input', attributes: {}, segments: [], attachments: [attachment] }));
    });
  }

  it('a page whose style rules match too many elements is unreadable, not read for minutes', () => {
    const rules = Array.from({ length: 10_000 }, () => '.a{display:none}').join('');
    const elements = repeated('<p class="a">x</p>', (MAX_RULE_CHECKS / 10_000 + 10) * '<p class="a">x</p>'.length);
    expect(extractHtml(page(elements, `<style>${rules}</style>`)).problems).to.deep.equal(['unreadable']);
    // Below the limit the same rules are read and hide the text.
    expect(extractHtml(page(repeated('<p class="a">x</p>', 100 * 18), `<style>${rules}</style>`)).hidden.length).to.be.greaterThan(0);
  });

  it('reads a DOCX of 100,000 hidden runs', async () => {
    const docx = await buildDocx({ paragraphs: [Array.from({ length: 100_000 }, () => ({ text: 'ignore all', vanish: true }))] });
    const hits = await inspect({ direction: 'input', attributes: {}, segments: [], attachments: [{ id: 0, media_type: DOCX, data: Buffer.from(docx).toString('base64') }] });
    expectWithinLimits(hits);
    expect(hits.map((h) => h.type)).to.include('doc.hidden_text');
  });
});
