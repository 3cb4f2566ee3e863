/** A CLI command beyond `start` and `version` (e.g. minting a first admin token). */
export interface CliCommand {
  name: string;
  summary: string;
  run(args: string[]): Promise<number>;
}

/** Additional commands, registered by their areas. */
export const CLI_COMMANDS: CliCommand[] = [];
