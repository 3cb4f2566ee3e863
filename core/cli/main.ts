#!/usr/bin/env node
/**
 * The `portcullis` executable: registers the commands of each area, runs the CLI
 * (core/cli/program.ts) and exits with its code (a started gateway keeps running).
 */
import { tokenCommand } from '../admin/auth/token-command.js';
import { applyCommand } from './apply-command.js';
import { registerCommand } from './commands.js';
import { exportCommand } from './export-command.js';
import { healthCommand } from './health-command.js';
import { runCli } from './program.js';

registerCommand(tokenCommand);
registerCommand(healthCommand);
registerCommand(applyCommand);
registerCommand(exportCommand);

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
