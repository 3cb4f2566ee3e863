/**
 * The detector plugins use core only through its published face (`core/plugin/index.ts`, which
 * third parties import as `portcullis/plugin`), and no detector imports another detector's
 * files: what two detectors share lives in `plugins/shared/`, which is library code, no plugin.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PLUGINS = join(ROOT, 'plugins');
const FACE = join(ROOT, 'core', 'plugin', 'index.js');
const DETECTORS = [
  'prompt-guard',
  'indirect-prompt-injection',
  'toxicity',
  'data-loss-prevention',
  'doc-analyzer',
  'url-analyzer',
  'topic-keyword-moderation',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of `file` (static, type-only, side-effect and dynamic), as absolute paths. */
function relativeImports(file: string): string[] {
  const specifiers = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => join(file, '..', specifier));
}

/** The top folder under plugins/ that `path` lies in (`prompt-guard`, `shared`), or undefined outside plugins/. */
function pluginFolderOf(path: string): string | undefined {
  const inside = relative(PLUGINS, path);
  return inside.startsWith('..') ? undefined : inside.split(sep)[0];
}

describe('plugins: the detectors reach core only through its published face', () => {
  for (const detector of DETECTORS) {
    it(`${detector} imports core only as core/plugin/index.js and no other plugin's files`, () => {
      const offending: string[] = [];
      const files = sourceFiles(join(PLUGINS, detector));
      for (const file of files) {
        for (const target of relativeImports(file)) {
          const intoCore = !relative(join(ROOT, 'core'), target).startsWith('..');
          const folder = pluginFolderOf(target);
          const intoAnotherPlugin = folder !== undefined && folder !== detector && folder !== 'shared';
          if ((intoCore && target !== FACE) || intoAnotherPlugin) offending.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
        }
      }
      expect(files).to.not.be.empty;
      expect(offending).to.deep.equal([]);
    });
  }

  it('the shared detector code imports core only through the face, and no plugin', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(join(PLUGINS, 'shared'))) {
      for (const target of relativeImports(file)) {
        const intoCore = !relative(join(ROOT, 'core'), target).startsWith('..');
        const folder = pluginFolderOf(target);
        if ((intoCore && target !== FACE) || (folder !== undefined && folder !== 'shared')) offending.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
      }
    }
    expect(offending).to.deep.equal([]);
  });
});
