/**
 * docs/configuration.md lists every setting `portcullis start` takes and every command: each flag
 * of core/config/settings.ts has a row of the settings table naming its flag and its environment
 * variable, the table names no flag the code does not take, and the command table has a row for
 * each command of the CLI naming each of its flags.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { Command } from 'commander';
import { tokenCommand } from '../../../core/admin/auth/token-command.js';
import { applyCommand } from '../../../core/cli/apply-command.js';
import { exportCommand } from '../../../core/cli/export-command.js';
import { healthCommand } from '../../../core/cli/health-command.js';
import { FLAG_ENV } from '../../../core/config/settings.js';

/** The commands core/cli/main.ts registers beside `start` and `version`. */
const COMMANDS = [tokenCommand, healthCommand, applyCommand, exportCommand];

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

  it('has a row for each command, naming each of its flags', () => {
    const page = readFileSync(PAGE, 'utf8');
    const missing: string[] = [];
    for (const cli of COMMANDS) {
      const rows = page.split('\n').filter((line) => line.includes(`\`portcullis ${cli.name}`));
      if (rows.length === 0) missing.push(`portcullis ${cli.name}`);
      const command = new Command(cli.name);
      cli.configure(command);
      for (const option of command.options) {
        if (!rows.some((row) => row.includes(option.long!))) missing.push(`portcullis ${cli.name} ${option.long}`);
      }
    }
    expect(missing, 'commands and flags missing from the command table of docs/configuration.md').to.deep.equal([]);
  });
});
