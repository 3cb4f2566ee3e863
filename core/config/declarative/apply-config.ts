/**
 * `apply` as a function: read the live state, plan, print the diff, and (unless a dry run) carry
 * out the plan in order. The CLI command and `start --config` both call it.
 */
import { ConfigApiClient, type ApiEndpoints } from './api-client.js';
import type { DeclarativeConfig } from './config-file.js';
import { readLiveState } from './live-state.js';
import { describePlan, planApply } from './plan.js';

/** How an apply runs and where its lines go. */
export interface ApplyOptions {
  dryRun?: boolean;
  prune?: boolean;
  env?: NodeJS.ProcessEnv;
  out(line: string): void;
  /**
   * Hands over the `ag_` key of an `api_key` auth apply creates; by default it is printed once
   * through `out`, as the admin API answers it once.
   */
  announceKey?(subject: string, key: string): void;
}

/** Applies a parsed file; resolves to the number of changes planned (and made, unless a dry run). */
export async function applyConfig(config: DeclarativeConfig, endpoints: ApiEndpoints, options: ApplyOptions): Promise<number> {
  const client = new ConfigApiClient(endpoints, options.out);
  const slugs = new Set((config.gateways ?? []).map((g) => g.slug));
  const live = await readLiveState(client, (slug) => slugs.has(slug), config.guardrail !== undefined);
  const changes = planApply(config, live, client, {
    prune: options.prune ?? false,
    env: options.env ?? process.env,
    announceKey: options.announceKey ?? ((subject, key) => options.out(`${subject}: key ${key} (shown once: store it now; the gateway keeps only its hash)`)),
  });
  for (const line of describePlan(changes)) options.out(line);
  if (options.dryRun || !changes.length) return changes.length;
  for (const change of changes) await change.run();
  options.out(`applied ${changes.length} change${changes.length === 1 ? '' : 's'}`);
  return changes.length;
}
