/**
 * docs/configuration.md lists every setting `portcullis start` takes: each flag of
 * core/config/settings.ts has a row of the settings table naming its flag and its environment
 * variable, and the table names no flag the code does not take.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { FLAG_ENV } from '../../../core/config/settings.js';

const PAGE = fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));

/** The settings table's rows: flag -> environment variable. */
function documentedSettings(markdown: string): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of markdown.matchAll(/^\| `--([a-z-]+)` \| `([A-Z_]+)` \|/gm)) rows.set(match[1], match[2]);
  return rows;
}

describe('docs: docs/configuration.md lists every setting', () => {
  const documented = documentedSettings(readFileSync(PAGE, 'utf8'));

  it('has a row for each flag of portcullis start, with its environment variable', () => {
    const missing = Object.entries(FLAG_ENV).filter(([flag, env]) => documented.get(flag) !== env).map(([flag, env]) => `--${flag} (${env})`);
    expect(missing, 'settings missing from docs/configuration.md').to.deep.equal([]);
  });

  it('documents no flag the code does not take', () => {
    const unknown = [...documented.keys()].filter((flag) => !(flag in FLAG_ENV));
    expect(unknown).to.deep.equal([]);
  });
});
