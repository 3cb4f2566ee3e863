/**
 * The package ships alone: its sources import only each other, the shared evaluate client's
 * sources (compiled into its own dist) and Node built-ins; it declares no runtime dependency, and
 * its bin and the root package's bin point at what the builds emit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

describe('coding-agent hook: a package of its own', () => {
  it('its sources import only each other, the evaluate client and node: built-ins', () => {
    const outside: string[] = [];
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(join(SRC, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = match[1];
        if (target.startsWith('node:')) continue;
        const resolved = relative(join(SRC, '..', '..'), join(dirname(join(SRC, file)), target));
        if (!(resolved.startsWith('coding-agent-hook/src/') || resolved === 'evaluate-client/src/index.js')) outside.push(`${file}: ${target}`);
      }
    }
    expect(outside).to.deep.equal([]);
  });

  it('declares no runtime dependency, supports Node 20.19, and both bins point at the built entry', () => {
    const manifest = json(fileURLToPath(new URL('../package.json', import.meta.url)));
    expect(manifest.name).to.equal('@portcullis/coding-agent-hook');
    expect(manifest.dependencies ?? {}).to.deep.equal({});
    expect(manifest.engines.node).to.equal('>=20.19');
    // tsconfig.json compiles src and ../evaluate-client/src from the integrations folder into dist/.
    expect(manifest.bin['portcullis-hook']).to.equal('dist/coding-agent-hook/src/main.js');
    const root = json(join(ROOT, 'package.json'));
    expect(root.bin['portcullis-hook']).to.equal('dist/integrations/coding-agent-hook/src/main.js');
    expect(json(join(ROOT, 'tsconfig.build.json')).include).to.include.members(['integrations/coding-agent-hook/src', 'integrations/evaluate-client/src']);
    expect(readFileSync(join(SRC, 'main.ts'), 'utf8').startsWith('#!/usr/bin/env node\n')).to.equal(true);
  });
});
