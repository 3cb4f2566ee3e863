#!/usr/bin/env node
/**
 * The `portcullis` executable: registers the commands of each area, runs the CLI
 * (core/cli/program.ts) and exits with its code (a started gateway keeps running).
 */
import { tokenCommand } from '../admin/auth/token-command.js';
import { registerCommand } from './commands.js';
import { healthCommand } from './health-command.js';
import { runCli } from './program.js';

registerCommand(tokenCommand);
registerCommand(healthCommand);

const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
runCli(process.argv.slice(2), io).then(
  (result) => {
    if (result !== 'running') process.exitCode = result;
  },
  (err: Error) => {
    console.error(`portcullis: ${err.message}`);
    process.exitCode = 1;
  },
);
