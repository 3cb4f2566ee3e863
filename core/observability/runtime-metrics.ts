/**
 * Node.js runtime metrics (CPU, memory, event loop lag, GC, handles) and the access log lines
 * dropped because standard error was not read. They describe the whole process, so they live in
 * one process-wide registry created on first use: every gateway in the process reports the same
 * values, and starting several gateways (tests) does not start several event-loop monitors.
 */
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { droppedLogLines } from '../logging/logger.js';

let runtime: Registry | undefined;

/** The process-wide registry of runtime metrics. */
export function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime });
    new Counter({
      name: 'portcullis_log_lines_dropped_total',
      help: 'Access log lines dropped because standard error was not read fast enough (docs/observability.md).',
      registers: [runtime],
      collect() {
        this.reset();
        const dropped = droppedLogLines();
        if (dropped > 0) this.inc(dropped);
      },
    });
  }
  return runtime;
}
