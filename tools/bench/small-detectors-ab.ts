/**
 * A/B CPU time of the small detectors (topic_keyword_moderation, data_loss_prevention,
 * url_analyzer, doc_analyzer), before and after a change, in one process:
 *
 *   npx tsx tools/bench/small-detectors-ab.ts <before-root> [requests] [rounds]
 *
 * `<before-root>` holds the other version's `plugins/` and `core/` (e.g. `git archive <commit>
 * plugins core schemas | tar -x -C <dir>`, with a `node_modules` symlink); keep it outside this
 * checkout's plugins/, where the plugin host would refuse a second definition of a name. Both
 * versions read the same never-repeating requests (a 4 KB prompt and a 512-byte tool result cut
 * from the shared datasets, as `BENCH_DETECTOR_TEXT=varied` cuts them), with the detector
 * benchmark's settings, interleaved request by request (alternating which goes first), so the
 * host's other load falls on both alike. Prints CPU p50, mean and p99 per detector and for the
 * four in turn on one request.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Detector, InspectionRequest } from '../../core/guardrail/detector.js';
import { createPluginHost } from '../../core/plugin/host.js';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { DETECTOR_BENCH_SETTINGS, datasetPrompts, inspectionRequest } from '../../bench/detectors.js';

const FOLDERS: Record<string, string> = {
  topic_keyword_moderation: 'topic-keyword-moderation',
  data_loss_prevention: 'data-loss-prevention',
  url_analyzer: 'url-analyzer',
  doc_analyzer: 'doc-analyzer',
};
const NAMES = Object.keys(FOLDERS);
const SUM = 'the four in turn';

type Version = 'before' | 'after';

async function detectorsOf(rootDir: string, validate: (name: string, s: Record<string, unknown>) => Record<string, unknown>): Promise<Detector[]> {
  // Each tree has its own memo class: both must read every text they are given.
  const memo = (await import(pathToFileURL(resolve(rootDir, 'core/guardrail/segment-memo.ts')).href)) as { SegmentMemo: { disabled: boolean } };
  memo.SegmentMemo.disabled = true;
  const out: Detector[] = [];
  for (const name of NAMES) {
    const mod = (await import(pathToFileURL(resolve(rootDir, 'plugins', FOLDERS[name], 'index.ts')).href)) as { default: { create(s: unknown): Detector } };
    out.push(mod.default.create(validate(name, DETECTOR_BENCH_SETTINGS[name] ?? {})));
  }
  return out;
}

const quantile = (sorted: Float64Array, q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main(): Promise<void> {
  const [beforeRoot, countArg, roundsArg] = process.argv.slice(2);
  if (!beforeRoot) throw new Error('usage: small-detectors-ab.ts <before-root> [requests] [rounds]');
  SegmentMemo.disabled = true;
  const host = await createPluginHost();
  const validate = (name: string, s: Record<string, unknown>) => host.validateSettings(name, s) as Record<string, unknown>;
  const versions: Record<Version, Detector[]> = {
    before: await detectorsOf(resolve(beforeRoot), validate),
    after: await detectorsOf(resolve('.'), validate),
  };
  const count = Number(countArg ?? 1500);
  const rounds = Number(roundsArg ?? 3);
  const requests: InspectionRequest[] = datasetPrompts(count).map(({ user, tool }) => inspectionRequest(user, tool));
  const cpu = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
  const run = async (d: Detector, r: InspectionRequest) => {
    const out = d.inspect(r);
    if (out instanceof Promise) await out;
  };
  for (let i = 0; i < 300; i++) for (const v of ['before', 'after'] as const) for (const d of versions[v]) await run(d, requests[i % count]);

  const n = count * rounds;
  const times: Record<Version, Float64Array[]> = {
    before: [...NAMES, SUM].map(() => new Float64Array(n)),
    after: [...NAMES, SUM].map(() => new Float64Array(n)),
  };
  for (let k = 0; k < n; k++) {
    const request = requests[(k + Math.floor(k / count) * 7) % count];
    const order: Version[] = k % 2 ? ['before', 'after'] : ['after', 'before'];
    for (let j = 0; j < NAMES.length; j++) {
      for (const v of order) {
        const c0 = process.cpuUsage();
        await run(versions[v][j], request);
        times[v][j][k] = cpu(process.cpuUsage(c0));
      }
    }
    for (const v of order) {
      const c0 = process.cpuUsage();
      for (const d of versions[v]) await run(d, request);
      times[v][NAMES.length][k] = cpu(process.cpuUsage(c0));
    }
  }
  const rows = [...NAMES, SUM].map((name, j) => {
    const b = times.before[j].sort();
    const a = times.after[j].sort();
    const mean = (x: Float64Array) => Number((x.reduce((sum, t) => sum + t, 0) / x.length).toFixed(4));
    return {
      detector: name,
      before_p50_ms: quantile(b, 0.5),
      after_p50_ms: quantile(a, 0.5),
      before_mean_ms: mean(b),
      after_mean_ms: mean(a),
      before_p99_ms: quantile(b, 0.99),
      after_p99_ms: quantile(a, 0.99),
    };
  });
  console.table(rows);
  console.log(`${n} requests per version (4 KB prompt + 512-byte tool result), CPU time per inspection at microsecond resolution`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
