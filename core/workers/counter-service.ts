import type { CounterStore } from '../plugin/counters.js';
import { isMessage, type CounterResponse, type WorkerChannel } from './worker-messages.js';

/**
 * The primary's side of counters shared by its workers: runs each worker's counter operation on
 * the primary's store (local, or MongoDB) and answers on the same channel. The conditional add
 * runs in this one process, so a limit holds exactly across workers, as it does for one process.
 * Returns a function that stops serving the channel.
 */
export function serveCounters(channel: WorkerChannel, store: CounterStore): () => void {
  const onMessage = (message: unknown) => {
    if (!isMessage(message, 'portcullis:counter')) return;
    const run = message.op === 'add' ? store.add(message.key, message.amount ?? 0, message.ttlMs ?? 0, message.limit) : store.get(message.key);
    run.then(
      (result) => reply({ type: 'portcullis:counter-result', id: message.id, result }),
      (err: unknown) => reply({ type: 'portcullis:counter-result', id: message.id, error: (err as Error)?.message ?? String(err) }),
    );
  };
  const reply = (response: CounterResponse) => {
    // A worker that died meanwhile has no channel left: its request is moot.
    try {
      channel.send(response);
    } catch {
      /* the worker is gone */
    }
  };
  channel.on('message', onMessage);
  return () => channel.off('message', onMessage);
}
