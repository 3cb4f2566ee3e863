/**
 * Counters a worker shares through the primary: the worker's CounterStore sends each operation
 * over the IPC channel, the primary's service runs it on its own store and answers. Two workers
 * adding concurrently against one limit are admitted exactly up to it (the conditional add runs
 * in one place); a primary that does not answer is a CounterUnavailableError, so limiters apply
 * their fault tolerance.
 */
import { EventEmitter } from 'node:events';
import { expect } from 'chai';
import { CounterUnavailableError, LocalCounterStore } from '../../../../core/plugin/counters.js';
import { serveCounters } from '../../../../core/workers/counter-service.js';
import { WorkerCounterStore } from '../../../../core/workers/worker-counter-store.js';
import type { WorkerChannel } from '../../../../core/workers/worker-messages.js';

/** Two ends of an IPC channel in one process, delivering asynchronously as IPC does. */
function channelPair(): [WorkerChannel, WorkerChannel] {
  const a = new EventEmitter();
  const b = new EventEmitter();
  const end = (self: EventEmitter, other: EventEmitter): WorkerChannel => ({
    send: (message) => {
      setImmediate(() => other.emit('message', structuredClone(message)));
      return true;
    },
    on: (event, listener) => self.on(event, listener),
    off: (event, listener) => self.off(event, listener),
  });
  return [end(a, b), end(b, a)];
}

describe('core/workers: counters shared through the primary', () => {
  it('admits exactly the limit when two workers add concurrently', async () => {
    const store = new LocalCounterStore();
    const workers = [0, 1].map(() => {
      const [primaryEnd, workerEnd] = channelPair();
      serveCounters(primaryEnd, store);
      return new WorkerCounterStore(workerEnd);
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => workers[i % 2].add('rate:p:c', 1, 60_000, 10)));
    expect(results.filter((r) => r.applied)).to.have.length(10);
    expect(await workers[0].get('rate:p:c')).to.equal(10);
    expect(await workers[1].get('rate:p:c')).to.equal(10);
    expect(workers[0].kind).to.not.equal('local');
  });

  it('rejects with CounterUnavailableError when the primary does not answer in time', async () => {
    const [, workerEnd] = channelPair();
    const counters = new WorkerCounterStore(workerEnd, { timeoutMs: 50 });
    const failure = await counters.add('rate:p:c', 1, 60_000, 10).then(() => undefined, (err: unknown) => err);
    expect(failure).to.be.instanceOf(CounterUnavailableError);
  });

  it('passes on a failure of the primary\'s store as CounterUnavailableError', async () => {
    const [primaryEnd, workerEnd] = channelPair();
    serveCounters(primaryEnd, { add: () => Promise.reject(new Error('backend down')), get: () => Promise.reject(new Error('backend down')) });
    const counters = new WorkerCounterStore(workerEnd);
    const failure = await counters.get('k').then(() => undefined, (err: unknown) => err);
    expect(failure).to.be.instanceOf(CounterUnavailableError);
    expect((failure as Error).message).to.contain('backend down');
  });
});
