/**
 * Every admin write goes through here: the plan is read and validated under a per-store lock
 * (so two writes never interleave their read-validate-write steps: concurrent PATCHes of a
 * consumer's registries each land whole, one after the other), its ops are applied in one
 * atomic batch with the revision bump, and the answer waits until the proxy's snapshot
 * includes the write.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import { bumpRevisionOp } from '../../snapshot/config-document.js';
import { StoreError, type BatchOp, type Store } from '../../store/types.js';
import type { AdminDeps } from '../app.js';

/**
 * A planned write: the batch and what the endpoint answers once it is applied, either given
 * (`result`) or read back after the batch (`readBack`), still under the lock, so the answer is
 * the record as this write left it, not as a later write did.
 */
export type WritePlan<T> = { ops: BatchOp[] } & ({ result: T } | { readBack: () => Promise<T> });

const tails = new WeakMap<Store, Promise<unknown>>();

/** Runs `task` after every task queued before it on the same store. */
async function serialized<T>(store: Store, task: () => Promise<T>): Promise<T> {
  const previous = tails.get(store) ?? Promise.resolve();
  const run = previous.then(task, task);
  tails.set(store, run.catch(() => undefined));
  return run;
}

/** Maps a unique-index conflict to 409 naming the fields. */
function conflictOf(err: unknown): unknown {
  if (err instanceof StoreError && err.code === 'duplicate_key') {
    const fields = (err.keyFields ?? []).filter((f) => f !== 'gateway_id');
    return new GatewayError('conflict', { message: `${fields.length ? fields.join(', ') : 'a unique field'} already in use` });
  }
  return err;
}

/** Plans and applies one admin write; resolves with the plan's result once the proxy sees it. */
export async function writeConfig<T>(deps: AdminDeps, plan: () => Promise<WritePlan<T>>): Promise<T> {
  const result = await serialized(deps.store, async () => {
    const planned = await plan();
    if (planned.ops.length > 0) {
      try {
        await deps.store.batch([...planned.ops, bumpRevisionOp()]);
      } catch (err) {
        throw conflictOf(err);
      }
      deps.log.info('admin config written', { ops: planned.ops.map((op) => `${op.op} ${op.collection}`) });
    }
    return { written: planned.ops.length > 0, answer: 'readBack' in planned ? await planned.readBack() : planned.result };
  });
  if (result.written) await deps.configChanged();
  return result.answer;
}

/** Fresh record timestamps. */
export function timestamps(): { created_at: string; updated_at: string } {
  const now = new Date().toISOString();
  return { created_at: now, updated_at: now };
}
