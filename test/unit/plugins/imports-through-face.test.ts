/**
 * Built-in plugins are written against the published face, as third-party plugins are: every
 * import from a file under plugins/ into core/ names `core/plugin/index.js`, and no plugin folder
 * imports another plugin's files (code two plugins share lives in plugins/shared/, which is no
 * plugin, and which itself reaches core only through the face).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';

const PLUGINS = join(PROJECT_ROOT, 'plugins');
const FACE = join(PROJECT_ROOT, 'core', 'plugin', 'index.ts');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** The plugin a file belongs to (`toxicity`, `formats/gemini`), or `shared`. */
function ownerOf(file: string): string {
  const parts = relative(PLUGINS, file).split(sep);
  return parts[0] === 'formats' ? `formats/${parts[1]}` : parts[0]!;
}

const isShared = (owner: string) => owner === 'shared';

/** Every relative import and re-export of a file, resolved to a path with a .ts ending. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/g)]
    .map((m) => resolve(dirname(file), (m[1] ?? m[2])!).replace(/\.js$/, '.ts'));
}

describe('plugins import core only through its published face', () => {
  const files = sources(PLUGINS);

  it('imports nothing of core/ but core/plugin/index.ts', () => {
    const offenders = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(join(PROJECT_ROOT, 'core') + sep) && target !== FACE)
        .map((target) => `${relative(PROJECT_ROOT, file)} -> ${relative(PROJECT_ROOT, target)}`),
    );
    expect(offenders).to.deep.equal([]);
  });

  it('imports no other plugin\'s files (shared code lives in plugins/shared/)', () => {
    const offenders = files.flatMap((file) => {
      const owner = ownerOf(file);
      return importsOf(file)
        .filter((target) => target.startsWith(PLUGINS + sep))
        .filter((target) => {
          const targetOwner = ownerOf(target);
          return targetOwner !== owner && !isShared(targetOwner);
        })
        .map((target) => `${relative(PROJECT_ROOT, file)} -> ${relative(PROJECT_ROOT, target)}`);
    });
    expect(offenders).to.deep.equal([]);
  });

  it('keeps plugins/shared/ a library: no index.ts the plugin host would load as a plugin', () => {
    expect(files.filter((file) => ownerOf(file) === 'shared' && file.endsWith(`${sep}index.ts`)).map((file) => relative(PROJECT_ROOT, file))).to.deep.equal([]);
  });
});
