import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateMasterKey } from '../core/security/secret-box.js';
import { startGateway } from './processes.js';
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
}

export interface BenchContext {
  settings: BenchSettings;
  upstreamUrl: string;
  /** Seeds a fresh data directory and starts a gateway on it; `stop()` removes both. */
  gateway(seed: Omit<SeedOptions, 'dataDir' | 'masterKey' | 'upstreamUrl'>, planes?: string[], nodeArgs?: string[]): Promise<RunningGateway>;
}

export interface RunningGateway extends SeededConfig {
  urls: Record<string, string>;
  rssMiB(): number;
  stop(): Promise<void>;
}

export function createContext(settings: BenchSettings, upstreamUrl: string): BenchContext {
  return {
    settings,
    upstreamUrl,
    async gateway(seed, planes = ['proxy'], nodeArgs = []) {
      const dataDir = mkdtempSync(join(tmpdir(), 'portcullis-bench-'));
      const masterKey = generateMasterKey();
      const seeded = await seedConfig({ ...seed, dataDir, masterKey, upstreamUrl });
      // BENCH_GATEWAY_NODE_ARGS: Node options for every gateway of the run (to weigh a V8 flag, say).
      const extra = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const gw = await startGateway(settings.gatewayCore, dataDir, planes, { PORTCULLIS_MASTER_KEY: masterKey }, [...extra, ...nodeArgs]);
      return {
        ...seeded,
        urls: gw.urls,
        rssMiB: gw.rssMiB,
        async stop() {
          await gw.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  };
}
