/** Child processes of a benchmark run: the fake upstream and the gateway, each pinned to a core. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GATEWAY_V8_OPTIONS } from '../core/runtime/v8-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const HAS_TASKSET = spawnSync('taskset', ['-V']).status === 0;

export interface BenchProcess {
  child: ChildProcess;
  /** Resident memory in MiB (Linux /proc). */
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Pins this process (the load driver) to a core, when taskset is available. */
export function pinSelf(core: number): boolean {
  return HAS_TASKSET && spawnSync('taskset', ['-cp', String(core), String(process.pid)]).status === 0;
}

/** Starts `node <args>` (pinned to `core`) and resolves with its output once `ready` matches it. */
function run(
  core: number | undefined,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (output: string) => boolean,
  outputFile?: string,
): Promise<{ proc: BenchProcess; output: string }> {
  const pinned = HAS_TASKSET && core !== undefined;
  const child = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', String(core), process.execPath, ...args] : args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const proc: BenchProcess = {
    child,
    rssMiB: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        // Later output is drained (a full pipe would stall the process), or kept in `outputFile`
        // (where bench/gc-trace.ts reads V8's GC trace).
        if (outputFile) child.stdout!.pipe(createWriteStream(outputFile));
        else child.stdout!.resume();
        resolve({ proc, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => reject(new Error(`process exited with ${code}:\n${output}`)));
  });
}

export async function startFakeUpstream(core: number | undefined, env: NodeJS.ProcessEnv = {}) {
  const { proc, output } = await run(core, ['--import', 'tsx', 'bench/fake-upstream.ts'], env, (o) => /listening \d+/.test(o));
  return { ...proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}` };
}

/** The MCP benchmark's upstream (bench/fake-mcp-server.ts), with its endpoint URL. */
export async function startFakeMcpServer(core: number | undefined) {
  const { proc, output } = await run(core, ['--import', 'tsx', 'bench/fake-mcp-server.ts'], {}, (o) => /listening \d+/.test(o));
  return { ...proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}/mcp` };
}

/**
 * The compiled gateway (dist/), as `npm start` runs it (with its V8 options; `nodeArgs` after
 * them may override one), with the URL of each plane; its output after start-up goes to
 * `outputFile` when given.
 */
export async function startGateway(core: number | undefined, dataDir: string, planes: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = [], outputFile?: string) {
  const { proc, output } = await run(
    core,
    [...GATEWAY_V8_OPTIONS, ...nodeArgs, 'dist/core/cli/main.js', 'start', '--planes', planes.join(','), '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', dataDir],
    // The fake upstream listens on loopback, which the egress policy refuses by default.
    { PORTCULLIS_LOG_LEVEL: 'error', PORTCULLIS_EGRESS_ALLOW: '127.0.0.0/8,::1', ...env },
    (o) => planes.every((p) => o.includes(`portcullis ${p} plane listening on`)),
    outputFile,
  );
  const urls: Record<string, string> = {};
  for (const m of output.matchAll(/portcullis (\w+) plane listening on (\S+)/g)) urls[m[1]] = m[2];
  return { ...proc, urls };
}
