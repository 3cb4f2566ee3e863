/**
 * The package ships alone: its sources import only each other and Node built-ins (no dependency,
 * nothing of the repository around it), and it declares no runtime dependency.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

const SRC = new URL('../src/', import.meta.url);

describe('evaluate client: a package of its own', () => {
  it('its sources import only each other and node: built-ins', () => {
    const outside: string[] = [];
    for (const file of readdirSync(SRC).filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(new URL(file, SRC), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const target = match[1];
        if (!(target.startsWith('node:') || /^\.\/[\w-]+\.js$/.test(target))) outside.push(`${file}: ${target}`);
      }
    }
    expect(outside).to.deep.equal([]);
  });

  it('declares no runtime dependency and supports Node 20.19', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; dependencies?: object; engines: { node: string } };
    expect(manifest.name).to.equal('@portcullis/evaluate-client');
    expect(manifest.dependencies ?? {}).to.deep.equal({});
    expect(manifest.engines.node).to.equal('>=20.19');
  });
});
