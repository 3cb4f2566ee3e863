/** Running the teardowns plugins register with `kit.onRetire`. */
import type { Logger } from '../logging/logger.js';

/** What a plugin registered with `kit.onRetire`: closes what its `setup` opened. */
export type Teardown = () => void | Promise<void>;

/** Runs teardowns once each; one that throws or rejects is logged and the rest still run. */
export async function runTeardowns(teardowns: readonly Teardown[], log: Logger, policyId: string): Promise<void> {
  await Promise.all(
    teardowns.map(async (teardown) => {
      try {
        await teardown();
      } catch (err) {
        log.error('plugin teardown failed', { policy_id: policyId, error: (err as Error).message });
      }
    }),
  );
}
