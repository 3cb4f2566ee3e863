/** A CLI command beyond `start` and `version` (e.g. minting a first admin token). */
export interface CliCommand {
  name: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

/** Additional commands, registered by their areas. */
export const CLI_COMMANDS: CliCommand[] = [];

/** Registers a command (areas call this from their module; the CLI imports them below). */
export function registerCommand(command: CliCommand): void {
  CLI_COMMANDS.push(command);
}
