/**
 * Every runtime dependency package.json declares is imported by the shipped code (core/ or
 * plugins/): an installation of Portcullis pulls in nothing it does not use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../core/paths/project-root.js';

/** Every .ts file under `dir`, tests excluded. */
function sources(dir: string): string[] {
  return readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(PROJECT_ROOT, dir, file));
}

describe('package.json dependencies', () => {
  it('each runtime dependency is imported by core/ or plugins/', () => {
    const { dependencies } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const imported = new Set<string>();
    for (const file of [...sources('core'), ...sources('plugins')]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'((?:@[^/']+\/)?[^/'.][^/']*)/g)) imported.add(match[1]);
    }
    expect(Object.keys(dependencies).filter((name) => !imported.has(name))).to.deep.equal([]);
  });
});
