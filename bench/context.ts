import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMasterKey } from '../core/security/secret-box.js';
import { FreshPrompts } from './fresh-prompts.js';
import { GC_TRACE_FLAG, readGcTrace, type GcRecord } from './gc-trace.js';
import { startGateway, type Cores } from './processes.js';
import { seedConfig, type SeedOptions, type SeededConfig } from './seed-config.js';

/** Settings of one benchmark run (environment variables, documented in docs/benchmarks.md). */
export interface BenchSettings {
  rate: number;
  durationMs: number;
  repeats: number;
  /** Core the gateway is pinned to; the driver and upstream share the other. */
  gatewayCore?: number;
  driverCore?: number;
  soakMs: number;
}

/** One scenario's rows for the report. */
export interface ScenarioResult {
  scenario: string;
  rows: Array<Record<string, string | number | undefined>>;
  notes?: string[];
  /** Figures the summary of targets reads (bench/targets.ts), by name. */
  figures?: Record<string, number | string | undefined>;
}

export interface BenchContext {
  settings: BenchSettings;
  upstreamUrl: string;
  /** The run's never-repeating prompts, shared by its scenarios so none comes twice in a run. */
  prompts: FreshPrompts;
  /**
   * Seeds a fresh data directory and starts a gateway on it; `stop()` removes both. With
   * `--trace-gc-nvp` among `nodeArgs`, the gateway's GC trace is kept for `gcTrace()`.
   */
  gateway(seed: Omit<SeedOptions, 'dataDir' | 'masterKey' | 'upstreamUrl'>, planes?: string[], nodeArgs?: string[], launch?: GatewayLaunch): Promise<RunningGateway>;
}

/** How a scenario starts its gateway, where it differs from the run's. */
export interface GatewayLaunch {
  /** Cores to pin it to (default: the run's gateway core). */
  cores?: Cores;
  /** Arguments after `start`'s own (e.g. `--workers 2`). */
  startArgs?: string[];
  /** Environment variables of the gateway (e.g. `PORTCULLIS_WORKERS`). */
  env?: NodeJS.ProcessEnv;
  /** The checkout whose dist/ runs (default: this one; another build, for an A/B). */
  root?: string;
}

export interface RunningGateway extends SeededConfig {
  urls: Record<string, string>;
  /** The gateway's process id (its primary's, with workers). */
  pid: number;
  rssMiB(): number;
  /** The collections traced so far (the gateway must run with `--trace-gc-nvp`). */
  gcTrace(): GcRecord[];
  stop(): Promise<void>;
}

export function createContext(settings: BenchSettings, upstreamUrl: string): BenchContext {
  return {
    settings,
    upstreamUrl,
    prompts: FreshPrompts.fromEnvironment(),
    async gateway(seed, planes = ['proxy'], nodeArgs = [], launch = {}) {
      const dataDir = mkdtempSync(join(tmpdir(), 'portcullis-bench-'));
      const masterKey = generateMasterKey();
      const seeded = await seedConfig({ ...seed, dataDir, masterKey, upstreamUrl });
      // BENCH_GATEWAY_NODE_ARGS: Node options for every gateway of the run (to weigh a V8 flag, say).
      const extra = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const args = [...extra, ...nodeArgs];
      const outputFile = args.includes(GC_TRACE_FLAG) ? `${dataDir}.out` : undefined;
      const gw = await startGateway({
        core: launch.cores ?? settings.gatewayCore,
        dataDir,
        planes,
        env: { ...launch.env, PORTCULLIS_MASTER_KEY: masterKey },
        nodeArgs: args,
        startArgs: launch.startArgs,
        outputFile,
        root: launch.root,
      });
      return {
        ...seeded,
        urls: gw.urls,
        pid: gw.child.pid!,
        rssMiB: gw.rssMiB,
        gcTrace() {
          if (!outputFile) throw new Error(`the gateway runs without ${GC_TRACE_FLAG}`);
          return readGcTrace(outputFile);
        },
        async stop() {
          await gw.stop();
          rmSync(dataDir, { recursive: true, force: true });
          if (outputFile) rmSync(outputFile, { force: true });
        },
      };
    },
  };
}
