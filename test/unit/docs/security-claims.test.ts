/**
 * docs/security.md names a test for every claim: each test file it names exists, and each test
 * title it quotes is the title of a test (a title quoted with a trailing "…" is its beginning).
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';

function testSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testSources(path, out);
    else if (name.endsWith('.ts')) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

describe('docs/security.md', () => {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs/security.md'), 'utf8');

  it('names only test files that exist', () => {
    const named = [...doc.matchAll(/`(test\/[^`*<>]+\.test\.ts)`/g)].map((m) => m[1]!);
    expect(named.length).to.be.greaterThan(30);
    expect(named.filter((path) => !existsSync(join(PROJECT_ROOT, path)))).to.deep.equal([]);
  });

  it('quotes only titles of tests that exist', () => {
    const sources = testSources(join(PROJECT_ROOT, 'test')).join('\n');
    // Titles follow a "›" (bullets) or stand in a table's proof column, always in double quotes.
    const quoted = [...doc.matchAll(/"([^"\n]{12,})"/g)].map((m) => m[1]!.replace(/…$/, ''));
    expect(quoted.length).to.be.greaterThan(40);
    const unknown = quoted.filter((title) => !sources.includes(title.replace(/'/g, "\\'")) && !sources.includes(title));
    expect(unknown).to.deep.equal([]);
  });
});
