/**
 * Every management write: one atomic batch with the config revision bump, then the snapshot is
 * rebuilt before answering, so the next evaluation sees the write. Writes are serialised so a
 * read-check-write (a policy naming collectors) never interleaves with another.
 */
import { bumpRevisionOp } from '../../snapshot/config-document.js';
import type { BatchOp } from '../../store/types.js';
import type { ManagementDeps } from './management-deps.js';

let tail: Promise<unknown> = Promise.resolve();

/** Plans (reads and checks) and applies one write; resolves with the plan's result once visible. */
export async function writeGuardrailConfig<T>(deps: ManagementDeps, plan: () => Promise<{ ops: BatchOp[]; result: T }>): Promise<T> {
  await deps.ready;
  const run = tail.then(plan, plan).then(async (planned) => {
    if (planned.ops.length) await deps.store.batch([...planned.ops, bumpRevisionOp()]);
    return planned;
  });
  tail = run.catch(() => undefined);
  const planned = await run;
  if (planned.ops.length) await deps.configChanged();
  return planned.result;
}

/** Record timestamps. */
export const nowIso = (): string => new Date().toISOString();
