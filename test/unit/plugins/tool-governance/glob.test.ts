import { expect } from 'chai';
import { globMatches } from '../../../../plugins/shared/names/glob.js';
import { seededTexts } from '../prompt-guard/seeded-texts.js';

/** The regular expression a glob stands for: `*` any run of characters, the rest literal. */
const asRegExp = (pattern: string) => new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's');

describe('tool_governance name globs', () => {
  it('match exactly the names the equivalent regular expression matches', () => {
    const patterns = [...seededTexts(['*', 'a', 'b', '_', '.', 'mcp', '\n'], 400, 6, 3)];
    const names = [...seededTexts(['a', 'b', '_', '.', 'mcp', '\n', 'é', '*'], 300, 8, 4)];
    let matched = 0;
    for (const pattern of patterns) {
      const re = asRegExp(pattern);
      for (const name of names) {
        const want = re.test(name);
        if (want) matched++;
        expect(globMatches(pattern, name), `${JSON.stringify(pattern)} ${JSON.stringify(name)}`).to.equal(want);
      }
    }
    expect(matched).to.be.greaterThan(5_000);
  });
});
