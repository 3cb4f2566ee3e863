/**
 * plugin-template is an outside package: its sources and tests reach Portcullis only through
 * the published faces, never by a path out of their folder, so a copy of the folder builds and
 * tests against an installed `portcullis`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const TEMPLATE = fileURLToPath(new URL('../../../../plugin-template/', import.meta.url));
const FACES = new Set(['portcullis/plugin', 'portcullis/testing']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('plugin-template: imports', () => {
  it('imports Portcullis only through portcullis/plugin and portcullis/testing, and no path leaves the folder', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(TEMPLATE)) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const leavesFolder = specifier.startsWith('.') && relative(TEMPLATE, join(file, '..', specifier)).startsWith('..');
        const portcullisOtherThanFaces = specifier.startsWith('portcullis') && !FACES.has(specifier);
        if (leavesFolder || portcullisOtherThanFaces) offending.push(`${relative(TEMPLATE, file)}: ${specifier}`);
      }
    }
    expect(sourceFiles(TEMPLATE)).to.have.length.above(3);
    expect(offending).to.deep.equal([]);
  });
});
