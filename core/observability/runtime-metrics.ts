/**
 * Node.js runtime metrics (CPU, memory, event loop lag, GC, handles). They describe the whole
 * process, so they live in one process-wide registry created on first use: every gateway in
 * the process reports the same values, and starting several gateways (tests) does not start
 * several event-loop monitors.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let runtime: Registry | undefined;

/** The process-wide registry of runtime metrics. */
export function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime });
  }
  return runtime;
}
