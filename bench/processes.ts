/**
 * Child processes of a benchmark run, each pinned to its cores: the fake upstream, the gateway,
 * and the peers it is compared with (the floor proxy, the peer gateway).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATEWAY_V8_OPTIONS } from '../core/runtime/v8-options.js';
import { freePort } from '../test/fixtures/network/free-port.js';

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

/** Cores a process is pinned to: one core, or a taskset list such as `0,1`. */
export type Cores = number | string;

/** Starts `node <args>` (pinned to `core`) and resolves with its output once `ready` matches it. */
function run(
  core: Cores | undefined,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (output: string) => boolean,
  outputFile?: string,
  cwd = root,
): Promise<{ proc: BenchProcess; output: string }> {
  const pinned = HAS_TASKSET && core !== undefined;
  const child = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', String(core), process.execPath, ...args] : args, {
    cwd,
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
    const onError = (c: Buffer) => {
      output += c.toString();
      if (ready(output)) {
        // Once started, standard error is drained, not kept: at `info` a gateway logs a line per request.
        child.stderr!.off('data', onError);
        child.stderr!.resume();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onError);
    child.once('exit', (code) => reject(new Error(`process exited with ${code}:\n${output}`)));
  });
}

export async function startFakeUpstream(core: Cores | undefined, env: NodeJS.ProcessEnv = {}) {
  const { proc, output } = await run(core, ['--import', 'tsx', 'bench/fake-upstream.ts'], env, (o) => /listening \d+/.test(o));
  return { ...proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}` };
}

/** The MCP benchmark's upstream (bench/fake-mcp-server.ts), with its endpoint URL. */
export async function startFakeMcpServer(core: number | undefined) {
  const { proc, output } = await run(core, ['--import', 'tsx', 'bench/fake-mcp-server.ts'], {}, (o) => /listening \d+/.test(o));
  return { ...proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}/mcp` };
}

/** How to start the compiled gateway. */
export interface GatewayStart {
  core: Cores | undefined;
  dataDir: string;
  planes: string[];
  env?: NodeJS.ProcessEnv;
  /** Node options after the gateway's own (one may override them). */
  nodeArgs?: string[];
  /** Arguments after `start`'s own (a later `--proxy-port` wins over the default 0). */
  startArgs?: string[];
  /** Where the gateway's output after start-up goes (else it is drained). */
  outputFile?: string;
  /** The checkout whose dist/ runs (default: this one; another build, for an A/B). */
  root?: string;
}

/**
 * The compiled gateway (dist/), as `npm start` runs it (with its V8 options), with the URL of each
 * plane, once every plane printed that it listens.
 */
export async function startGateway(start: GatewayStart) {
  const { planes } = start;
  const { proc, output } = await run(
    start.core,
    [...GATEWAY_V8_OPTIONS, ...(start.nodeArgs ?? []), 'dist/core/cli/main.js', 'start', '--planes', planes.join(','), '--proxy-port', '0', '--admin-port', '0', '--guardrail-port', '0', '--data-dir', start.dataDir, ...(start.startArgs ?? [])],
    // The fake upstream listens on loopback, which the egress policy refuses by default. One
    // process unless asked (a build with `--workers` defaults to one per core): the scenarios pin
    // the gateway to one core and read its CPU time by its pid.
    { PORTCULLIS_LOG_LEVEL: 'error', PORTCULLIS_EGRESS_ALLOW: '127.0.0.0/8,::1', PORTCULLIS_WORKERS: '1', ...start.env },
    (o) => planes.every((p) => o.includes(`portcullis ${p} plane listening on`)),
    start.outputFile,
    start.root,
  );
  const urls: Record<string, string> = {};
  for (const m of output.matchAll(/portcullis (\w+) plane listening on (\S+)/g)) urls[m[1]] = m[2];
  return { ...proc, urls };
}


/** The floor proxy (bench/floor-proxy.ts) in front of `upstreamUrl`, with its URL. */
export async function startFloorProxy(core: Cores | undefined, upstreamUrl: string) {
  const { proc, output } = await run(core, ['--import', 'tsx', 'bench/floor-proxy.ts'], { BENCH_FLOOR_UPSTREAM: upstreamUrl }, (o) => /listening \d+/.test(o));
  return { ...proc, url: `http://127.0.0.1:${/listening (\d+)/.exec(output)![1]}` };
}

/** The peer gateway's package (a dev dependency), as the peer scenarios name it. */
export const PEER_PACKAGE = '@portkey-ai/gateway';

/** The peer gateway's start script and version, or undefined when the package is not installed. */
export function peerGatewayScript(): { script: string; version: string } | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve(`${PEER_PACKAGE}/package.json`);
    const { bin, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string; version: string };
    const script = join(dirname(manifest), bin);
    return existsSync(script) ? { script, version } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The peer gateway (its Node server, as its package starts it) on a free port, with its URL and
 * version; undefined when it is not installed. `nodeArgs` go before its script.
 */
export async function startPeerGateway(core: Cores | undefined, nodeArgs: string[] = []) {
  const found = peerGatewayScript();
  if (!found) return undefined;
  const port = await freePort();
  const { proc } = await run(core, [...nodeArgs, found.script, `--port=${port}`, '--headless'], {}, (o) => o.includes('Ready for connections'));
  return { ...proc, url: `http://127.0.0.1:${port}`, version: found.version };
}
