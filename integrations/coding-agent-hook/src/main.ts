#!/usr/bin/env node
/**
 * `portcullis-hook`: Portcullis guardrails for coding agents.
 *
 *   portcullis-hook claude-code            run as a Claude Code hook (event on stdin, decision on stdout)
 *   portcullis-hook install [--command C]  add the hook to ~/.claude/settings.json
 *   portcullis-hook uninstall              remove it again
 */
import { AgentSettingsError, installClaudeCodeHooks, uninstallClaudeCodeHooks } from './claude-code/install.js';
import { runClaudeCodeHook } from './claude-code/run-hook.js';

const USAGE = `usage: portcullis-hook claude-code            run as a Claude Code hook (the event on stdin)
       portcullis-hook install [--command CMD]  add the hooks to ~/.claude/settings.json
       portcullis-hook uninstall              remove them
`;

/** All of stdin as text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'claude-code': {
      let result;
      try {
        result = await runClaudeCodeHook(await readStdin());
      } catch (err) {
        // Unexpected: a crash would let the action through, so block it (exit 2) as fail-closed does.
        process.stderr.write(`portcullis-hook: ${(err as Error).message}\n`);
        return 2;
      }
      process.stdout.write(result.stdout);
      process.stderr.write(result.stderr);
      return result.exitCode;
    }
    case 'install':
    case 'uninstall': {
      let hookCommand: string | undefined;
      for (let i = 0; i < rest.length; i++) {
        if (command === 'install' && rest[i] === '--command' && rest[i + 1] !== undefined) hookCommand = rest[++i];
        else {
          process.stderr.write(USAGE);
          return 64;
        }
      }
      try {
        if (command === 'install') {
          process.stdout.write(`portcullis-hook: Claude Code hooks written to ${installClaudeCodeHooks({ command: hookCommand })}\n`);
        } else {
          const file = uninstallClaudeCodeHooks();
          process.stdout.write(file ? `portcullis-hook: Claude Code hooks removed from ${file}\n` : 'portcullis-hook: no Claude Code hooks of portcullis-hook were installed\n');
        }
        return 0;
      } catch (err) {
        if (!(err instanceof AgentSettingsError)) throw err;
        process.stderr.write(`portcullis-hook: ${err.message}\n`);
        return 1;
      }
    }
    case '--help':
    case '-h':
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(USAGE);
      return 64;
  }
}

process.exitCode = await main(process.argv.slice(2));
