#!/usr/bin/env node
/**
 * `portcullis` command line: `start` runs the chosen planes (all by default) on the embedded
 * store or MongoDB; `version` prints the build. Flags mirror the environment variables in
 * docs/configuration.md.
 */
import { parseArgs } from 'node:util';
import { FLAG_ENV, resolveSettings, SettingsInputError } from '../config/settings.js';
import { BUILD_INFO } from '../version/build-info.js';
import { startPortcullis } from '../bootstrap/start.js';
import { limitedToOneCpu, lowerHelperThreadPriority } from '../runtime/helper-thread-priority.js';
import { missingV8Options } from '../runtime/v8-options.js';
import { CLI_COMMANDS, registerCommand } from './commands.js';
import { tokenCommand } from '../admin/auth/token-command.js';

registerCommand(tokenCommand);

const USAGE = `usage: portcullis <command> [flags]
commands:
  start      run the gateway planes (${Object.keys(FLAG_ENV).map((f) => `--${f}`).join(' ')})
  version    print the build version
${CLI_COMMANDS.map((c) => `  ${c.name.padEnd(10)} ${c.summary}`).join('\n')}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'version') {
    console.log(`${BUILD_INFO.name} ${BUILD_INFO.version}`);
    return 0;
  }
  if (command === 'start') {
    const { values } = parseArgs({
      args: rest,
      options: Object.fromEntries(Object.keys(FLAG_ENV).map((flag) => [flag, { type: 'string' as const }])),
      strict: true,
    });
    const settings = resolveSettings(values as Record<string, string | undefined>);
    const running = await startPortcullis(settings);
    // After start-up, so the threads it started are there too.
    if (limitedToOneCpu()) console.log(`portcullis runs on one CPU: ${lowerHelperThreadPriority()} helper threads at the lowest priority`);
    const missing = missingV8Options();
    if (missing.length) console.log(`portcullis runs without the V8 options ${missing.join(' ')}: its tail latency suffers after lulls (docs/deployment.md, "Node options")`);
    for (const [plane, url] of Object.entries(running.urls)) console.log(`portcullis ${plane} plane listening on ${url}`);
    const stop = () => {
      void running.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return -1;
  }
  const extra = CLI_COMMANDS.find((c) => c.name === command);
  if (extra) return extra.run(rest);
  console.error(USAGE);
  return command ? 2 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: Error) => {
    console.error(err instanceof SettingsInputError ? `portcullis: ${err.message}` : err);
    process.exit(1);
  },
);
