/**
 * The `portcullis` command line as a `commander` program: `start`, `version` and the registered
 * commands, each with `--help`, and `--version` on the program. Operator mistakes (a bad flag,
 * a bad setting, a data directory in use, a port taken) are one line on stderr, never a stack
 * trace: exit 2 for usage and settings, 1 for a start that failed.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { startPortcullis } from '../bootstrap/start.js';
import { FLAG_ENV, resolveSettings, SettingsInputError } from '../config/settings.js';
import { limitedToOneCpu, lowerHelperThreadPriority } from '../runtime/helper-thread-priority.js';
import { missingV8Options } from '../runtime/v8-options.js';
import { BUILD_INFO } from '../version/build-info.js';
import { applyAtStart, readStartConfig } from '../config/declarative/apply-at-start.js';
import { forksWorkers, startPrimary } from '../workers/primary.js';
import { runWorker } from '../workers/worker.js';
import { CLI_COMMANDS, CliUsageError } from './commands.js';

/** What a CLI run ends with: an exit code, or `running` for a started gateway (exits on a signal). */
export type CliResult = number | 'running';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const VERSION = `${BUILD_INFO.name} ${BUILD_INFO.version}`;

/** `start`: runs the chosen planes until SIGINT or SIGTERM. */
async function start(startFlags: Record<string, string | undefined>, io: CliIo): Promise<CliResult> {
  // A worker of `--workers N` takes its settings from its primary (core/workers).
  if (cluster.isWorker) return runWorker();
  const { config: configFile, ...flags } = startFlags;
  const settings = resolveSettings(flags);
  // A declarative file (docs/declarative-config.md) is read before start and applied once the planes listen.
  const config = configFile ? readStartConfig(configFile, settings) : undefined;
  const firstStart = settings.planes.includes('admin') && !settings.adminJwtSecret && !settings.adminJwksUrl && !existsSync(join(settings.dataDir, 'admin-jwt.secret'));
  const running = forksWorkers(settings) ? await startPrimary(settings) : await startPortcullis(settings);
  if (config) {
    // Before the "listening" lines: a gateway that says it listens already serves the file.
    try {
      await applyAtStart(config, settings, running.urls, io.out);
    } catch (err) {
      await running.close();
      throw err;
    }
  }
  // After start-up, so the threads it started are there too.
  if (limitedToOneCpu()) io.out(`portcullis runs on one CPU: ${lowerHelperThreadPriority()} helper threads at the lowest priority`);
  const missing = missingV8Options();
  if (missing.length) io.out(`portcullis runs without the V8 options ${missing.join(' ')}: its tail latency suffers after lulls (docs/deployment.md, "Node options")`);
  for (const [plane, url] of Object.entries(running.urls)) io.out(`portcullis ${plane} plane listening on ${url}`);
  if (firstStart) io.out(`portcullis: first start on ${settings.dataDir}; mint an admin token with: portcullis token --data-dir ${settings.dataDir}`);
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}

function buildProgram(io: CliIo, settle: (result: Promise<CliResult>) => void): Command {
  const program = new Command('portcullis')
    .description('Portcullis: an AI gateway and guardrail service')
    .version(VERSION, '-v, --version', 'print the version')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });

  const startCommand = program.command('start').version(VERSION, '-v, --version', 'print the version').description('run the gateway planes (all by default) on the embedded store, or MongoDB');
  for (const [flag, env] of Object.entries(FLAG_ENV)) startCommand.addOption(new Option(`--${flag} <value>`, `overrides ${env}`));
  startCommand.addOption(new Option('--config <file>', 'apply this declarative configuration file once the planes listen'));
  startCommand.action((options: Record<string, string | undefined>) => {
    // Back to the flag names the settings know (`proxy-port`, not commander's `proxyPort`).
    const flags = Object.fromEntries(startCommand.options.map((o) => [o.long!.slice(2), options[o.attributeName()]]));
    settle(start(flags, io));
  });

  program.command('version').version(VERSION, '-v, --version', 'print the version').description('print the build version').action(() => {
    io.out(VERSION);
    settle(Promise.resolve(0));
  });

  for (const extra of CLI_COMMANDS) {
    const command = program.command(extra.name).version(VERSION, '-v, --version', 'print the version').description(extra.summary);
    extra.configure(command);
    command.action((...params: unknown[]) => {
      // commander passes the positional arguments, then the options, then the command.
      const options = params.at(-2) as Record<string, unknown>;
      const args = params.slice(0, -2).flat() as string[];
      settle(extra.run(options, args));
    });
  }
  return program;
}

/** Runs the CLI on `argv` (without node and the script); resolves to its exit code or `running`. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<CliResult> {
  let result: Promise<CliResult> = Promise.resolve(0);
  const program = buildProgram(io, (r) => (result = r));
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return 0;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return await result;
  } catch (err) {
    // Help and version end in a CommanderError with exit code 0; a bad flag or command has its message printed already.
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    if (err instanceof SettingsInputError || err instanceof CliUsageError) {
      io.err(`portcullis: ${err.message}`);
      return 2;
    }
    io.err(`portcullis: ${(err as Error).message ?? String(err)}`);
    if (process.env.PORTCULLIS_LOG_LEVEL === 'debug') io.err(String((err as Error).stack));
    return 1;
  }
}
