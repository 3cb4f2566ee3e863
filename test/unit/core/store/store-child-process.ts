/**
 * Starts test/unit/core/store/fixtures/store-child.ts in its own Node process and collects its
 * stdout lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '../../../../core/paths/project-root.js';

const SCRIPT = fileURLToPath(new URL('./fixtures/store-child.ts', import.meta.url));

/** A running store child process. */
export interface StoreChild {
  process: ChildProcess;
  /** Every complete stdout line so far. */
  lines: string[];
  /** Resolves when a line satisfies `test` (rejects if the process exits first). */
  waitFor(test: (lines: string[]) => boolean): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** Spawns `node --import tsx store-child.ts <args>`. */
export function startStoreChild(args: string[]): StoreChild {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  const watchers = new Set<() => void>();
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    for (const watcher of watchers) watcher();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    process: child,
    lines,
    exited,
    waitFor(test) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (test(lines)) {
            watchers.delete(check);
            resolve();
          }
        };
        watchers.add(check);
        check();
        void exited.then(() => {
          if (!watchers.has(check)) return;
          watchers.delete(check);
          reject(new Error(`store child exited early: ${stderr.trim() || '(no stderr)'}`));
        });
      });
    },
  };
}

/** Kills `child` (SIGKILL) if it is still running, and waits until it has exited. */
export async function killStoreChild(child: StoreChild | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGKILL');
  await child.exited;
}
