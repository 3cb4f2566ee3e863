/**
 * Detector micro-benchmark: every detector of the plugin host, created with its default
 * settings, inspects a 4 KB prompt and a 512-byte tool result many times in this process; the
 * report gives p50/p99 per detector and for all of them in turn on the same request (as one
 * evaluation runs them). Each iteration's prompt starts with a different ticket number, so no
 * cache keyed by the whole text can answer for a detector.
 *
 * `npx tsx bench/detectors.ts` (environment: BENCH_DETECTOR_ITERATIONS, default 1500;
 * BENCH_DETECTOR_ROUNDS, default 5; BENCH_DETECTORS, a comma-separated list to time only those;
 * BENCH_DETECTOR_TEXT=varied, prompts cut from the shared datasets instead of the repeated
 * business sentences, so nothing fitted to those sentences shows as a speed-up).
 * `npm run bench -- detectors` runs it as the `detectors` group.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Detector, InspectionRequest } from '../core/guardrail/detector.js';
import { createPluginHost } from '../core/plugin/host.js';
import { SegmentMemo } from '../core/guardrail/segment-memo.js';
import { prompt } from './bodies.js';
import type { ScenarioResult } from './context.js';

/** Settings other than the defaults, where the defaults check nothing (the evaluate scenario's). */
export const DETECTOR_BENCH_SETTINGS: Record<string, Record<string, unknown>> = {
  topic_keyword_moderation: { keywords: ['project-x'], denied_topics: ['medical advice'] },
};

/** The detector benchmarks' prompts: the numbered business prompt, or prompts cut from the shared datasets. */
export type BenchText = 'business' | 'varied';

export interface DetectorBenchOptions {
  /** Timed inspections per detector and round. */
  iterations: number;
  /** Rounds: detectors take turns in each, so a noisy moment hits them all alike. */
  rounds: number;
  /** Only these detectors (all when absent). */
  only?: string[];
  /** `varied`: each prompt cut from the shared datasets' texts. */
  text?: BenchText;
}

const ALL = 'all together';
const round = (x: number) => Number(x.toFixed(3));
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The request of iteration `i`: a 4 KB user prompt (numbered) and a 512-byte tool result. */
export function benchRequest(i: number): InspectionRequest {
  const head = `Ticket ${i}. `;
  return inspectionRequest(head + prompt(4096 - head.length), prompt(512));
}

/** The inspection of one evaluate request: a user prompt and a tool result. */
export function inspectionRequest(user: string, tool: string): InspectionRequest {
  return {
    direction: 'input',
    attachments: [],
    attributes: {},
    segments: [
      { id: 0, text: user, source: 'prompt', role: 'user' },
      { id: 1, text: tool, source: 'tool_result', role: 'tool' },
    ],
  };
}

const datasetsRoot = () => resolve(process.env.PORTCULLIS_DATASETS ?? join(fileURLToPath(new URL('..', import.meta.url)), '../shared/datasets'));

/** Texts of the shared development data: synthetic PII sentences, benign and attack prompts, emails. */
function datasetTexts(): string[] {
  const texts = datasetTextsIfPresent();
  if (!texts) throw new Error(`BENCH_DETECTOR_TEXT=varied needs the shared datasets under ${datasetsRoot()}`);
  return texts;
}

/** The shared development data's texts (see datasetTexts), or undefined when none is found or BENCH_PROMPTS=generated asks for generated prompts. */
export function datasetTextsIfPresent(): string[] | undefined {
  if (process.env.BENCH_PROMPTS === 'generated') return undefined;
  const root = datasetsRoot();
  const texts: string[] = [];
  const pii = join(root, 'presidio-synth/synth_dataset_v2.dev.json');
  if (existsSync(pii)) for (const row of JSON.parse(readFileSync(pii, 'utf8')) as Array<{ full_text: string }>) texts.push(row.full_text);
  for (const file of ['direct-injection/wildguardtest-benign.jsonl', 'direct-injection/jailbreakbench.jsonl', 'bipia/email_train.jsonl']) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { text?: string; context?: string };
      if (row.text ?? row.context) texts.push((row.text ?? row.context)!);
    }
  }
  return texts.length ? texts : undefined;
}

/**
 * `count` pairs of a 4 KB prompt and a 512-byte tool result, each consecutive dataset texts
 * joined. The texts (about 700 KB) make some 135 pairs per pass; each later pass takes them in
 * another order (a seeded shuffle, the same every run), so no pair comes twice. `texts` replaces
 * the shared datasets' (tests pass committed ones).
 */
export function datasetPrompts(count: number, texts: string[] = datasetTexts()): Array<{ user: string; tool: string }> {
  const order = texts.map((_, i) => i);
  let seed = 20261123;
  const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  let next = 0;
  const nextText = () => {
    if (next === order.length) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = random(i + 1);
        [order[i], order[j]] = [order[j], order[i]];
      }
      next = 0;
    }
    return texts[order[next++]];
  };
  const take = (bytes: number) => {
    let out = '';
    while (out.length < bytes) out += nextText() + '\n\n';
    // A string of its own, as a request body's JSON.parse gives a detector: a slice of a longer
    // string is read through its parent at every step, some 1.5 times slower in a character loop.
    return JSON.parse(JSON.stringify(out.slice(0, bytes))) as string;
  };
  return Array.from({ length: count }, () => ({ user: take(4096), tool: take(512) }));
}

/** Requests whose prompts are consecutive dataset texts joined up to 4 KB (and 512 bytes). */
export function variedRequests(count: number): InspectionRequest[] {
  return datasetPrompts(count).map(({ user, tool }) => inspectionRequest(user, tool));
}

/** `count` requests of one kind of text. */
export function benchRequests(text: BenchText, count: number): InspectionRequest[] {
  return text === 'varied' ? variedRequests(count) : Array.from({ length: count }, (_, i) => benchRequest(i));
}

/**
 * The plugin host's detectors by name, sorted, each created with its bench settings (the
 * defaults but for DETECTOR_BENCH_SETTINGS); only those named in `only`, when it names any.
 * They read every text they are given: the benchmarks time the detectors' work on texts they
 * repeat, which the detectors would otherwise answer from memory (SegmentMemo).
 */
export async function benchDetectors(only?: readonly string[]): Promise<Array<[string, Detector]>> {
  SegmentMemo.disabled = true;
  const host = await createPluginHost();
  return [...host.detectors.values()]
    .filter((d) => !only?.length || only.includes(d.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((d): [string, Detector] => [d.name, d.create(host.validateSettings(d.name, DETECTOR_BENCH_SETTINGS[d.name] ?? {}))]);
}

/**
 * The time `detectors` take in turn on each of `requests`, warm, for the evaluate scenario's
 * yardsticks: `median`, the median of one pass after a warm-up pass (the work of the typical
 * request); `mean`, that pass's mean (what CPU per evaluation, itself a mean, compares with);
 * and `each`, every request's own work in their order, the least of three passes after the
 * warm-up (a collection or the host landing on one pass is not the request's work), with its
 * median and 99th percentile.
 */
export async function detectorWork(detectors: Array<[string, Detector]>, requests: InspectionRequest[]): Promise<{ median: number; mean: number; each: number[]; eachP50: number; eachP99: number }> {
  const first = new Float64Array(requests.length);
  const least = new Float64Array(requests.length).fill(Infinity);
  for (let pass = 0; pass < 4; pass++) {
    for (let i = 0; i < requests.length; i++) {
      const t0 = performance.now();
      for (const [, detector] of detectors) await detector.inspect(requests[i]);
      const ms = performance.now() - t0;
      if (pass === 1) first[i] = ms;
      if (pass >= 1) least[i] = Math.min(least[i], ms);
    }
  }
  const sorted = least.slice().sort();
  const mean = first.reduce((sum, ms) => sum + ms, 0) / Math.max(1, first.length);
  return { median: quantile(first.sort(), 0.5), mean, each: [...least], eachP50: quantile(sorted, 0.5), eachP99: quantile(sorted, 0.99) };
}

/** Runs the benchmark; rows are sorted by detector name, then all together. */
export async function detectorBench(options: DetectorBenchOptions): Promise<ScenarioResult> {
  const detectors = await benchDetectors(options.only);
  const names = [...detectors.map(([name]) => name), ALL];
  const samples = new Map(names.map((n) => [n, new Float64Array(options.iterations * options.rounds)]));
  // CPU time of this process over the same inspections: on a busy machine, wall-clock tails
  // also measure other processes, CPU time only this one (GC threads included).
  const cpu = new Map(names.map((n) => [n, new Float64Array(options.iterations * options.rounds)]));
  const load = loadavg()[0];
  const requests = benchRequests(options.text ?? 'business', options.iterations);

  const once = async (detector: Detector, request: InspectionRequest) => {
    const result = detector.inspect(request);
    if (result instanceof Promise) await result;
  };
  const everything = async (request: InspectionRequest) => {
    for (const [, detector] of detectors) await once(detector, request);
  };
  // Warm-up: compile patterns, load models, let the JIT settle.
  for (let i = 0; i < 200; i++) await everything(options.text === 'varied' ? requests[i % requests.length] : benchRequest(100_000 + i));

  for (let r = 0; r < options.rounds; r++) {
    for (const [name, detector] of detectors) {
      const out = samples.get(name)!;
      const outCpu = cpu.get(name)!;
      for (let i = 0; i < options.iterations; i++) {
        const request = requests[(i + r * 7) % requests.length];
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        await once(detector, request);
        out[r * options.iterations + i] = performance.now() - t0;
        outCpu[r * options.iterations + i] = cpuMs(process.cpuUsage(c0));
      }
    }
    const out = samples.get(ALL)!;
    const outCpu = cpu.get(ALL)!;
    for (let i = 0; i < options.iterations; i++) {
      const request = requests[(i + r * 11) % requests.length];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await everything(request);
      out[r * options.iterations + i] = performance.now() - t0;
      outCpu[r * options.iterations + i] = cpuMs(process.cpuUsage(c0));
    }
  }

  const rows = names.map((name) => {
    const sorted = samples.get(name)!.sort();
    const cpuSorted = cpu.get(name)!.sort();
    return {
      detector: name,
      samples: sorted.length,
      p50_ms: round(quantile(sorted, 0.5)),
      p90_ms: round(quantile(sorted, 0.9)),
      p99_ms: round(quantile(sorted, 0.99)),
      cpu_p50_ms: round(quantile(cpuSorted, 0.5)),
      cpu_p99_ms: round(quantile(cpuSorted, 0.99)),
    };
  });
  return {
    scenario: `detectors (in process: 4 KB ${options.text === 'varied' ? 'dataset' : ''} prompt + 512-byte tool result, default settings)`.replace('  ', ' '),
    rows,
    notes: [
      `${options.rounds} rounds of ${options.iterations} inspections per detector; topic_keyword_moderation with one keyword and one denied topic (its defaults check nothing)`,
      `p*_ms: wall clock; cpu_*: CPU time of the process (microsecond resolution); 1-minute load average ${load.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after on ${cpus().length} cores`,
    ],
  };
}

/** Options from the environment. */
export function benchOptionsFromEnv(): DetectorBenchOptions {
  return {
    iterations: Number(process.env.BENCH_DETECTOR_ITERATIONS ?? 1500),
    rounds: Number(process.env.BENCH_DETECTOR_ROUNDS ?? 5),
    only: process.env.BENCH_DETECTORS ? process.env.BENCH_DETECTORS.split(',').map((n) => n.trim()) : undefined,
    text: process.env.BENCH_DETECTOR_TEXT === 'varied' ? 'varied' : 'business',
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await detectorBench(benchOptionsFromEnv());
  console.table(result.rows);
  for (const note of result.notes ?? []) console.log(`Note: ${note}`);
}
