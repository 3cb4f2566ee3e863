/**
 * The agent guard and the two middlewares ship as packages of their own: each source imports only
 * its own files, Node built-ins and the packages its manifest declares (dependencies or peer
 * dependencies), never the repository around it; each supports Node 20.19.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

const INTEGRATIONS = new URL('../../', import.meta.url);

interface Manifest {
  name: string;
  engines: { node: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The package a bare import names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (target: string) => target.split('/').slice(0, target.startsWith('@') ? 2 : 1).join('/');

for (const folder of ['agent-guard', 'langchain', 'ai-sdk']) {
  describe(`integrations/${folder}: a package of its own`, () => {
    const root = new URL(`${folder}/`, INTEGRATIONS);
    const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as Manifest;

    it('its sources import only each other, node: built-ins and declared packages', () => {
      const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
      const outside: string[] = [];
      const src = new URL('src/', root);
      for (const file of readdirSync(src).filter((name) => name.endsWith('.ts'))) {
        for (const match of readFileSync(new URL(file, src), 'utf8').matchAll(/^(?:import|export)\s[^;'()]*?from\s*'([^']+)'/gm)) {
          const target = match[1];
          if (target.startsWith('node:') || /^\.\/[\w-]+\.js$/.test(target)) continue;
          if (!declared.has(packageOf(target))) outside.push(`${file}: ${target}`);
        }
      }
      expect(outside).to.deep.equal([]);
    });

    it('depends on the evaluate client through a relative path and supports Node 20.19', () => {
      expect(manifest.name).to.equal(`@portcullis/${folder}`);
      expect(manifest.dependencies?.['@portcullis/evaluate-client']).to.equal('file:../evaluate-client');
      expect(manifest.engines.node).to.equal('>=20.19');
    });
  });
}
