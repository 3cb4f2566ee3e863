/**
 * Starts a throwaway redis-server on 127.0.0.1 for the shared-counter tests (no persistence),
 * or says why it cannot (redis-server not installed): the caller then marks its tests pending.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../fixtures/network/free-port.js';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Whether redis-server can be run here; the reason when it cannot. */
export function redisUnavailableReason(): string | undefined {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error) return 'redis-server is not installed (apt-get install redis-server; .ci/run installs it)';
  return undefined;
}

function waitReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${out}`));
    });
  });
}

/** Starts redis-server on a free port of 127.0.0.1 (or on `port`, to restart one). */
export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitReady(child);
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
