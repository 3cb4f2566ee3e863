/**
 * `createTestGateway`: a real Portcullis (all planes, embedded store in a temporary folder,
 * free ports on 127.0.0.1) for integration tests and third-party plugin tests, with a Seeder
 * for configuration. Close it in `after()`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveSettings, type Plane } from '../config/settings.js';
import { startPortcullis, type Portcullis, type StartOptions } from '../bootstrap/start.js';
import { Seeder } from './seed.js';
import { TEST_EGRESS_ALLOW } from './test-egress.js';

export interface TestGatewayOptions extends StartOptions {
  /** Third-party plugins to load: folder paths or package names. */
  plugins?: string[];
  planes?: Plane[];
  /** Reuse a data directory (restart tests); a fresh temporary one otherwise. */
  dataDir?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Hosts, addresses and CIDR ranges the egress policy allows (`--egress-allow`). Default:
   * loopback only (`127.0.0.0/8`, `::1`), because the fake upstreams, identity providers and MCP
   * servers of tests listen on 127.0.0.1, which the production default refuses. Pass `[]` to
   * test against the production default, or set `PORTCULLIS_EGRESS_ALLOW` in `env`.
   */
  egressAllow?: readonly string[];
}

export interface TestGateway extends Portcullis {
  seed: Seeder;
  /** Proxy base URL for a consumer: `http://127.0.0.1:PORT/{slug}`. */
  proxyUrl(slug: string): string;
  dataDir: string;
}

export async function createTestGateway(options: TestGatewayOptions = {}): Promise<TestGateway> {
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portcullis-test-'));
  const settings = resolveSettings(
    {
      planes: (options.planes ?? ['admin', 'proxy', 'guardrail']).join(','),
      'proxy-port': '0',
      'admin-port': '0',
      'guardrail-port': '0',
      'data-dir': dataDir,
      plugins: (options.plugins ?? []).join(','),
      'egress-allow': options.egressAllow?.join(',') ?? options.env?.PORTCULLIS_EGRESS_ALLOW ?? TEST_EGRESS_ALLOW.join(','),
    },
    options.env ?? {},
  );
  const running = await startPortcullis(settings, options);
  // Seeding needs the store: a data-plane test gateway gets a seeder that refuses to write.
  const seed = new Seeder(running.store!, running.secretBox);
  const closeRunning = running.close.bind(running);
  return Object.assign(running, {
    seed,
    dataDir,
    proxyUrl: (slug: string) => `${running.urls.proxy}/${slug}`,
    async close() {
      await closeRunning();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}
