/**
 * The reading of walkthrough markers and shown answers (walkthrough-blocks.ts), on which the
 * docs-as-tests suite relies: a marker that stops covering its block, or a shown answer read
 * wrongly, would make walkthroughs.test.ts check less than the docs claim.
 */
import { expect } from 'chai';
import { jsonValuesIn, matchesShown, shownAnswers, shownStatuses, walkthroughBlocks } from './walkthrough-blocks.js';

describe('docs: reading walkthrough blocks', () => {
  it('takes only the marked blocks of the named walkthrough, with their upstream', () => {
    const page = [
      '<!-- walkthrough: admin -->', '```sh', 'echo one', '```',
      '```sh', 'echo unmarked', '```',
      '<!-- walkthrough: other -->', '```sh', 'echo other', '```',
      '<!-- walkthrough: admin upstream=https://api.example.com/v1 mcp=https://mcp.example.com/mcp -->', '', '```sh', 'echo two', '```',
    ].join('\n');
    const blocks = walkthroughBlocks(page, 'page.md', 'admin');
    expect(blocks.map((b) => b.code)).to.deep.equal(['echo one', 'echo two']);
    expect(blocks[1]).to.include({ upstream: 'https://api.example.com/v1', mcp: 'https://mcp.example.com/mcp', where: 'page.md:14' });
  });

  it('takes a ```json block right after a marked block as the answer it shows', () => {
    const page = ['<!-- walkthrough: hook -->', '```sh', 'curl -s x', '```', '', '```json', '{"verdict": false,', ' "data": {}}', '```'].join('\n');
    expect(walkthroughBlocks(page, 'page.md', 'hook')[0].shown).to.equal('{"verdict": false, "data": {}}');
  });

  it('refuses a marker that is not followed by a shell block', () => {
    expect(() => walkthroughBlocks('<!-- walkthrough: admin -->\ntext\n', 'page.md', 'admin')).to.throw('page.md:1');
  });

  it('reads the top-level fields of the first alternative of a shown answer, placeholders as presence', () => {
    const code = [
      'curl -s x',
      '# {"ok": true, "stage": "response", "usage": {"total": 3}, "id": "chatcmpl-...", ...}  or, for example, {"ok": false}',
      '# {"id": "...", "n": 2}   (shown once)',
      '# 200',
    ].join('\n');
    expect(shownAnswers(code)).to.deep.equal([
      [{ key: 'ok', value: true }, { key: 'stage', value: 'response' }, { key: 'usage' }, { key: 'id' }],
      [{ key: 'id' }, { key: 'n', value: 2 }],
    ]);
    expect(shownStatuses(code)).to.deep.equal([200]);
  });

  it('splits answers printed back to back and matches them against the shown fields', () => {
    const values = jsonValuesIn('{"a": "}{", "b": 1}{"ok": true, "stage": "auth"}\n200\n');
    expect(values).to.deep.equal([{ a: '}{', b: 1 }, { ok: true, stage: 'auth' }]);
    expect(values.some((v) => matchesShown(v, [{ key: 'ok', value: true }, { key: 'stage', value: 'auth' }]))).to.equal(true);
    expect(values.some((v) => matchesShown(v, [{ key: 'ok', value: true }, { key: 'stage', value: 'response' }]))).to.equal(false);
  });
});
