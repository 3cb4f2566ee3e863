/**
 * `taskset -c 0,1 npx tsx tools/bench/detector-threads.ts`: what spreading one evaluation's detectors
 * over two threads would gain after a pause, before building it. Each round waits 50 ms (as at
 * 20 req/s), then runs every detector on the detectors benchmark's request: all on this thread,
 * or the ones named in THREAD_B (default prompt_guard, data_loss_prevention and
 * indirect_prompt_injection) in a worker thread while this one runs the rest, the request
 * posted to it and its time posted back. Prints the wall time of each way, and of each thread's
 * part in the two-thread rounds (the worker's part starts when its message arrives).
 * BENCH_DETECTOR_TEXT=varied takes prompts cut from the shared datasets instead of the repeated
 * business prompt.
 */
import { performance } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { Detector } from '../../core/guardrail/detector.js';
import { benchDetectors, benchRequest, variedRequests } from '../../bench/detectors.js';
import { summarize } from '../../bench/open-loop.js';

const ROUNDS = 300;
const IDLE_MS = 50;
const WARM_UP = 3000;
const THREAD_B = (process.env.THREAD_B ?? 'prompt_guard,data_loss_prevention,indirect_prompt_injection').split(',');
const varied = process.env.BENCH_DETECTOR_TEXT === 'varied' ? variedRequests(1000) : undefined;

async function runAll(detectors: Array<[string, Detector]>, i: number): Promise<void> {
  const request = varied ? varied[i % varied.length] : benchRequest(i);
  for (const [, detector] of detectors) await detector.inspect(request);
}

if (!isMainThread) {
  const mine = await benchDetectors(workerData as string[]);
  parentPort!.on('message', async (i: number) => {
    const t0 = performance.now();
    await runAll(mine, i);
    parentPort!.postMessage(performance.now() - t0);
  });
  parentPort!.postMessage('ready');
} else {
  const all = await benchDetectors();
  const here = all.filter(([name]) => !THREAD_B.includes(name));
  // A worker thread does not inherit tsx's loader: it registers it, then imports this file.
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`, { eval: true, workerData: THREAD_B });
  const next = () => new Promise<unknown>((resolve) => worker.once('message', resolve));
  await next();
  // Both threads first run their detectors back to back, until V8 has optimized them.
  for (let i = 0; i < WARM_UP; i++) {
    const answer = next();
    worker.postMessage(i);
    await runAll(all, i);
    await answer;
  }
  const times = { one_thread: [] as number[], two_threads: [] as number[], main_thread_part: [] as number[], worker_part: [] as number[] };
  for (let round = 0; round < 2 * ROUNDS; round++) {
    const i = round % 1000;
    const counted = round >= ROUNDS / 5;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const t0 = performance.now();
    if (round % 2) {
      await runAll(all, i);
      if (counted) times.one_thread.push(performance.now() - t0);
    } else {
      const answer = next();
      worker.postMessage(i);
      await runAll(here, i);
      const mainPart = performance.now() - t0;
      const workerPart = (await answer) as number;
      if (counted) {
        times.two_threads.push(performance.now() - t0);
        times.main_thread_part.push(mainPart);
        times.worker_part.push(workerPart);
      }
    }
  }
  await worker.terminate();
  const round3 = (x: number) => Number(x.toFixed(3));
  console.table(
    Object.entries(times).map(([way, values]) => {
      const { p50, p90, p99 } = summarize(values, values.length, 0);
      return { way, rounds: values.length, p50_ms: round3(p50), p90_ms: round3(p90), p99_ms: round3(p99) };
    }),
  );
}
