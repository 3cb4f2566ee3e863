/**
 * `portcullis health`: exits 0 when a plane of this process's configuration answers its
 * readiness (or liveness) endpoint with 200, 1 otherwise. It reads the same settings as `start`
 * (flags and environment), so a container's health check needs no port of its own: by default
 * it asks the first plane `PORTCULLIS_PLANES` names, on 127.0.0.1.
 */
import { Option } from 'commander';
import { FLAG_ENV, resolveSettings } from '../config/settings.js';
import type { CliCommand } from './commands.js';

const TIMEOUT_MS = 3000;

export const healthCommand: CliCommand = {
  name: 'health',
  summary: 'check that a plane of this configuration is ready (exit 0) or not (exit 1): for container health checks',
  configure(command) {
    command
      .addOption(new Option('--endpoint <path>', 'which answer to ask for').choices(['/readyz', '/healthz']).default('/readyz'))
      .option('--url <url>', 'ask this base URL instead of the first configured plane')
      .option('--planes <planes>', `overrides ${FLAG_ENV.planes}`)
      .option('--proxy-port <port>', `overrides ${FLAG_ENV['proxy-port']}`)
      .option('--admin-port <port>', `overrides ${FLAG_ENV['admin-port']}`)
      .option('--guardrail-port <port>', `overrides ${FLAG_ENV['guardrail-port']}`);
  },
  async run(options) {
    const values = options as { endpoint: string; url?: string; planes?: string; proxyPort?: string; adminPort?: string; guardrailPort?: string };
    let base = values.url;
    if (!base) {
      const settings = resolveSettings({ planes: values.planes, 'proxy-port': values.proxyPort, 'admin-port': values.adminPort, 'guardrail-port': values.guardrailPort });
      const plane = settings.planes[0]!;
      base = `http://127.0.0.1:${settings.ports[plane]}`;
    }
    try {
      const res = await fetch(new URL(values.endpoint, base), { signal: AbortSignal.timeout(TIMEOUT_MS) });
      await res.body?.cancel();
      if (res.status === 200) return 0;
      console.error(`portcullis: ${base}${values.endpoint} answered ${res.status}`);
    } catch (err) {
      console.error(`portcullis: ${base}${values.endpoint} did not answer: ${(err as Error).message}`);
    }
    return 1;
  },
};
