import { expect } from 'chai';
import { DEFANG, mayHoldDefang, refang } from '../../../../plugins/url-analyzer/refang.js';
import { seededRandom } from '../../../fixtures/seeded-random.js';

/**
 * Texts with every defanged form in every case, whole and broken: schemes written hxxp, hXXps,
 * h**p before a colon or a bracketed one, bracketed and spelled-out dots, bracketed colons and
 * slashes, and the characters around them alone.
 */
function texts(): string[] {
  const r = seededRandom(360);
  const pieces = [
    'hxxp', 'hXXps', 'HXXP', 'h**p', 'H**Ps', 'hxXp', 'xp', 'XP', '*p', 'x', '*', 'p', 'h', 's', ':', '[:]', '[://]', '[:', '://', '//',
    '[.]', '(.)', '{.}', '[dot]', '(DOT)', '[Dot]', '(dot', 'dot)', 't]', 'T)', '.]', '.)', '.}', ':]', '/]', '[', ']', '(', ')', '{', '}',
    'evil', 'example', 'com', '.', ' ', '\n', 'é', 'a', '1', '_',
  ];
  const out: string[] = [];
  for (let n = 0; n < 20000; n++) {
    let text = '';
    const length = 1 + Math.floor(r() * 10);
    for (let k = 0; k < length; k++) text += pieces[Math.floor(r() * pieces.length)];
    out.push(text);
  }
  return out;
}

describe('url_analyzer refang', () => {
  it('lets through every text the defang pattern matches, and keeps most others from it', () => {
    let matched = 0;
    let skipped = 0;
    for (const text of texts()) {
      DEFANG.lastIndex = 0;
      if (DEFANG.test(text)) {
        matched++;
        expect(mayHoldDefang(text), JSON.stringify(text)).to.equal(true);
      } else if (!mayHoldDefang(text)) skipped++;
    }
    expect(matched).to.be.greaterThan(5000);
    expect(skipped).to.be.greaterThan(1000);
  });

  it('lets through each defanged form alone, in every case', () => {
    const forms = ['hxxp:', 'hxxps:', 'HXXPS:', 'hXxPs[:', 'h**p:', 'H**PS:', 'h**ps[:', '[.]', '(.)', '{.}', '[dot]', '(DOT)', '[Dot]', '[:]', '[://]'];
    for (const form of forms) {
      for (const text of [form, `a ${form} b`, `${form}//evil`]) {
        DEFANG.lastIndex = 0;
        expect(DEFANG.test(text), text).to.equal(true);
        expect(mayHoldDefang(text), text).to.equal(true);
      }
    }
  });

  it('refangs exactly as rewriting every match of the pattern does', () => {
    for (const text of texts().slice(0, 5000)) {
      const rewritten: Array<[number, number]> = [];
      let delta = 0;
      const plain = text.replace(DEFANG, (match: string, s: string | undefined, offset: number) => {
        const out = s !== undefined ? `http${s}` : match === '[:]' ? ':' : match === '[://]' ? '://' : '.';
        rewritten.push([offset + delta, offset + delta + out.length]);
        delta += out.length - match.length;
        return out;
      });
      expect(refang(text), JSON.stringify(text)).to.deep.equal({ text: plain, rewritten });
    }
  });
});
