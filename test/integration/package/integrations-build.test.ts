/**
 * The collector integrations are packages of their own: each builds with its own tsconfig, in
 * dependency order (the evaluate client, the agent guard both middlewares share, the LangChain
 * and AI SDK middleware, the coding-agent hook), as `npm run build:integrations` does, and each
 * package's `main` and `types` exist afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PACKAGES = ['evaluate-client', 'agent-guard', 'langchain', 'ai-sdk', 'coding-agent-hook'];

describe('package: the integrations build on their own', function () {
  this.timeout(300_000);
  after(() => {
    for (const name of PACKAGES) rmSync(join(ROOT, 'integrations', name, 'dist'), { recursive: true, force: true });
  });

  it('npm run build:integrations builds every package, and each one\'s main and types exist', () => {
    const result = spawnSync('npm', ['run', '-s', 'build:integrations'], { cwd: ROOT, encoding: 'utf8', timeout: 280_000, env: { ...process.env, NODE_OPTIONS: '' } });
    expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
    for (const name of PACKAGES) {
      const dir = join(ROOT, 'integrations', name);
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; main?: string; types?: string; bin?: Record<string, string> };
      expect(pkg.name, name).to.match(/^@portcullis\//);
      for (const file of [pkg.main, pkg.types, ...Object.values(pkg.bin ?? {})].filter(Boolean) as string[]) expect(existsSync(join(dir, file)), `${name}: ${file}`).to.equal(true);
    }
  });
});
