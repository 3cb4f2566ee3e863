/**
 * How long the fuzzing suite runs and how a run is replayed, read once from the environment:
 * `FUZZ_RUNS` (generated cases per property), `FUZZ_SEED` (fixed by default, so CI is
 * repeatable), `FUZZ_PATH` (with the seed: replays one failing case and its shrink) and
 * `FUZZ_TIMEOUT_MS` (the client timeout of every request, so a hang fails instead of waiting).
 */
import fc from 'fast-check';

/** Cases per property when `FUZZ_RUNS` is unset: keeps the whole suite near a minute on 2 busy cores. */
export const DEFAULT_RUNS = 100;
/** The seed used when `FUZZ_SEED` is unset; any other integer explores other cases. */
export const DEFAULT_SEED = 27;

function integerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** The settings of this run. */
export const FUZZ = {
  runs: Math.max(1, integerFromEnv('FUZZ_RUNS', DEFAULT_RUNS)),
  seed: integerFromEnv('FUZZ_SEED', DEFAULT_SEED),
  path: process.env.FUZZ_PATH || undefined,
  timeoutMs: Math.max(1000, integerFromEnv('FUZZ_TIMEOUT_MS', 10_000)),
} as const;

/**
 * Runs an async property with this run's count and seed. On failure the error names the seed,
 * the path and the shrunk counterexample, and how to replay it.
 * `weight` scales the run count for properties whose cases are cheap or costly.
 */
export async function checkProperty<T>(property: fc.IAsyncProperty<T>, weight = 1): Promise<void> {
  const parameters: fc.Parameters<T> = {
    numRuns: Math.max(1, Math.round(FUZZ.runs * weight)),
    seed: FUZZ.seed,
    ...(FUZZ.path ? { path: FUZZ.path } : {}),
  };
  const details = await fc.check(property, parameters);
  if (!details.failed) return;
  const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''}`;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `property failed after ${details.numRuns} case(s) (seed ${details.seed}, path ${details.counterexamplePath}); replay with ${replay}\n` +
      `counterexample: ${fc.stringify(details.counterexample)}\n${cause}`,
  );
}
