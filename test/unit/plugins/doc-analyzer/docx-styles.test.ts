import { expect } from 'chai';
import { DocxStyles, hiddenRuns } from '../../../../plugins/doc-analyzer/docx-hidden-runs.js';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const document = (body: string) => `<w:document ${W}><w:body>${body}</w:body></w:document>`;

interface Style {
  id: string;
  basedOn?: string;
  size?: number;
  vanish?: boolean;
}

const stylesXml = (styles: Style[]) =>
  `<w:styles ${W}>${styles
    .map((s) => `<w:style w:styleId="${s.id}">${s.basedOn ? `<w:basedOn w:val="${s.basedOn}"/>` : ''}<w:rPr>${s.size ? `<w:sz w:val="${s.size}"/>` : ''}${s.vanish ? '<w:vanish/>' : ''}</w:rPr></w:style>`)
    .join('')}</w:styles>`;

/** Resolution as a fresh walk each time: layers from the root of the chain to the style, stopping where the chain repeats. */
function walked(styles: Style[], id: string | undefined): { halfPoints?: number; vanish?: boolean } {
  const byId = new Map(styles.map((s) => [s.id, s]));
  const layers: Style[] = [];
  const seen = new Set<string>();
  while (id && !seen.has(id)) {
    seen.add(id);
    const style = byId.get(id);
    if (!style) break;
    layers.unshift(style);
    id = style.basedOn;
  }
  const props: { halfPoints?: number; vanish?: boolean } = {};
  for (const layer of layers) {
    if (layer.size) props.halfPoints = layer.size;
    if (layer.vanish) props.vanish = true;
  }
  return props;
}

describe('doc_analyzer DOCX style chains', () => {
  it('resolves every style as walking its chain afresh would, in any order, cycles and missing styles included', () => {
    let seed = 5;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let run = 0; run < 300; run++) {
      const count = 1 + next(12);
      const styles: Style[] = Array.from({ length: count }, (_, i) => ({
        id: `s${i}`,
        ...(next(5) > 0 && { basedOn: `s${next(count + 2)}` }), // s{count} and s{count+1} do not exist
        ...(next(2) === 0 && { size: 2 + next(30) }),
        ...(next(4) === 0 && { vanish: true }),
      }));
      const resolver = new DocxStyles(stylesXml(styles));
      for (let ask = 0; ask < 3 * count; ask++) {
        const id = `s${next(count + 1)}`;
        expect(resolver.chain(id), JSON.stringify({ styles, id })).to.deep.equal(walked(styles, id));
      }
    }
  });

  it('finds hidden text through a long chain for every run that names its style', () => {
    const styles: Style[] = Array.from({ length: 3_000 }, (_, i) => ({ id: `s${i}`, ...(i > 0 && { basedOn: `s${i - 1}` }), ...(i === 0 && { vanish: true }) }));
    const runs = Array.from({ length: 2_000 }, (_, i) => `<w:r><w:rPr><w:rStyle w:val="s${2_999 - (i % 5)}"/></w:rPr><w:t>h${i}</w:t></w:r>`).join('');
    const [span] = hiddenRuns(document(`<w:p>${runs}</w:p>`), new DocxStyles(stylesXml(styles)));
    expect(span.technique).to.equal('docx_vanish');
    expect(span.text.split(' ')).to.have.length(2_000);
  });

  it('gives up on a package whose runs each walk a long cycle, so the document is reported unreadable', () => {
    const styles: Style[] = Array.from({ length: 2_000 }, (_, i) => ({ id: `s${i}`, basedOn: `s${(i + 1) % 2_000}` }));
    const runs = Array.from({ length: 2_000 }, (_, i) => `<w:r><w:rPr><w:rStyle w:val="s${i}"/></w:rPr><w:t>x</w:t></w:r>`).join('');
    expect(() => hiddenRuns(document(`<w:p>${runs}</w:p>`), new DocxStyles(stylesXml(styles)))).to.throw(/style chains too long/);
  });
});
