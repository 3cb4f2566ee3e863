/** Reads and parses a declarative configuration file from disk (an unreadable file is an operator mistake). */
import { readFileSync } from 'node:fs';
import { CliUsageError } from '../../cli/commands.js';
import { parseConfigFile, type DeclarativeConfig } from './config-file.js';

/** The parsed file at `path`; a CliUsageError when it cannot be read or parsed. */
export function readConfigFile(path: string): DeclarativeConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliUsageError(`cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseConfigFile(text, path);
}
