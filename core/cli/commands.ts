/**
 * A CLI command beyond `start` (minting a first admin token, applying a configuration file):
 * it declares its flags on its own `commander` command and runs with the parsed values.
 */
import type { Command } from 'commander';

export interface CliCommand {
  name: string;
  summary: string;
  /** Declares the command's flags and arguments (commander adds `--help`). */
  configure(command: Command): void;
  /** Runs with the parsed flags and arguments; resolves to the exit code. */
  run(options: Record<string, unknown>, args: string[]): Promise<number>;
}

/** Additional commands, registered by their areas. */
export const CLI_COMMANDS: CliCommand[] = [];

/** Registers a command (areas call this from their module; the CLI imports them). */
export function registerCommand(command: CliCommand): void {
  CLI_COMMANDS.push(command);
}

/** An operator's mistake the CLI reports in one line and exit code 2 (no stack trace). */
export class CliUsageError extends Error {}
