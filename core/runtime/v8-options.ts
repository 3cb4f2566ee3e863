/**
 * The V8 options `portcullis start` is meant to run with: package.json's `start` script, the
 * commands of docs/deployment.md and the benchmarks pass them. Both keep the young generation,
 * where each request's garbage lives and dies, at its full 16 MB:
 * - `--min-semi-space-size=16`: after a lull V8 shrinks the young generation to 1 MB and grows
 *   it back only as objects survive, over thousands of requests; meanwhile each scavenge comes
 *   sooner (88 instead of 29 in five seconds of evaluations at 200 req/s, p99 25 ms instead of 3).
 * - `--no-memory-reducer`: once allocation slows, V8's memory reducer starts a full collection
 *   that shrinks the heap, and it lands on the traffic that comes next (a 10 ms pause, plus the
 *   marking work before it on the request thread).
 * They are start-up options: V8 takes them neither from inside the process nor from NODE_OPTIONS.
 */
export const GATEWAY_V8_OPTIONS = ['--min-semi-space-size=16', '--no-memory-reducer'] as const;

/** An option's name, whatever its value or negation: `--no-memory-reducer` and `--memory_reducer` are both `memory-reducer`. */
function optionName(arg: string): string {
  return arg.replace(/^--(?:no-)?/, '').split('=')[0]!.replaceAll('_', '-');
}

/**
 * The options of GATEWAY_V8_OPTIONS the process was started without. One given with another
 * value (`--min-semi-space-size=32`, `--memory-reducer`) is the operator's choice, not missing.
 */
export function missingV8Options(execArgv: readonly string[] = process.execArgv): string[] {
  const given = new Set(execArgv.map(optionName));
  return GATEWAY_V8_OPTIONS.filter((option) => !given.has(optionName(option)));
}
