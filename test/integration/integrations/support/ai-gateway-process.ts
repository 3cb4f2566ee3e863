/**
 * Runs the AI gateway of the `@portkey-ai/gateway` dev dependency (its Node server entry,
 * `build/start-server.js --port=N --headless`) as a child process, the real caller of the
 * webhook adapter in tests. It answers `GET /` once it listens; tests call it on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../../../fixtures/network/free-port.js';

/** The gateway's server entry, found through its package.json (its `exports` hide the build). */
function serverEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@portkey-ai/gateway/package.json')), 'build', 'start-server.js');
}

export interface AiGatewayProcess {
  /** `http://127.0.0.1:PORT`; the OpenAI-compatible API is under `/v1`. */
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the gateway on a free port and resolves once it answers. */
export async function startAiGateway(): Promise<AiGatewayProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverEntry(), `--port=${port}`, '--headless'], {
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const handle: AiGatewayProcess = {
    url,
    output: () => out,
    stop() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the AI gateway exited with ${child.exitCode}:\n${out}`);
    const ready = await fetch(`${url}/`).then((res) => res.ok, () => false);
    if (ready) return handle;
    await new Promise((r) => setTimeout(r, 200));
  }
  await handle.stop();
  throw new Error(`the AI gateway did not start:\n${out}`);
}
