/**
 * On a process limited to one CPU, the threads that help the one serving requests (V8's
 * garbage-collection and compiler threads, libuv's pool) get the lowest scheduling priority.
 * They share that CPU: at equal priority the kernel gives each its turn, and during V8's
 * concurrent marking the request thread waited 20 to 85 ms at a time (docs/benchmarks.md,
 * sixth round). At the lowest priority they run when it waits, and requests no longer wait on
 * them. Linux only (other systems have no per-thread priority to set this way).
 */
import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';

/** The lowest priority (nice 19). */
const LOWEST = 19;
const TASKS = '/proc/self/task';

/** Whether this process may run on one CPU only (its CPU affinity). */
export function limitedToOneCpu(): boolean {
  return availableParallelism() === 1;
}

/** Lowers every thread of this process but the main one to the lowest priority; returns how many. */
export function lowerHelperThreadPriority(): number {
  if (!existsSync(TASKS)) return 0;
  let lowered = 0;
  for (const task of readdirSync(TASKS)) {
    const tid = Number(task);
    if (tid === process.pid) continue;
    try {
      setPriority(tid, LOWEST);
      lowered++;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return lowered;
}
