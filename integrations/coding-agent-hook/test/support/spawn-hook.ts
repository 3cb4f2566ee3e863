/**
 * Runs the real `portcullis-hook` command as a coding agent does: a child process with the hook
 * payload on stdin, its own environment (nothing inherited but PATH, so a CI variable of the test
 * runner cannot change what "a user is present" means) and a temp HOME.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command's entry point, run from source through tsx. */
export const HOOK_MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
/** The repository root: tsx resolves from here. */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What one run of the command came to. */
export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON, when it is not empty. */
  output?: Record<string, any>;
}

/** Options of one run. */
export interface SpawnHookOptions {
  args: string[];
  /** Written to stdin: a string as it is, anything else as JSON. */
  input?: unknown;
  env?: Record<string, string>;
  home: string;
  /** Kills the run after this many ms (default 15000). */
  timeoutMs?: number;
}

/** Spawns the command and waits for it to exit. */
export function spawnHook(options: SpawnHookOptions): Promise<HookRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', HOOK_MAIN, ...options.args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: options.home, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      let output: Record<string, any> | undefined;
      if (stdout.trim()) {
        try {
          output = JSON.parse(stdout);
        } catch {
          output = undefined;
        }
      }
      resolve({ code, stdout, stderr, output });
    });
    const input = options.input === undefined ? '' : typeof options.input === 'string' ? options.input : JSON.stringify(options.input);
    child.stdin.end(input);
  });
}
