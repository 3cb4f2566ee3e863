/**
 * The summary of a run: every target of the guardrail-speed and every-core work (issue 35), with
 * this run's figure and whether it is met. Reads the `figures` the scenarios return; a group not
 * run shows as such.
 */
import type { ScenarioResult } from './context.js';
import { formatPercent, formatRatio } from './ratio.js';

type Figures = Record<string, number | string | undefined>;

const ms = (x: number | string | undefined) => (typeof x === 'number' && Number.isFinite(x) ? `${x.toFixed(2)} ms` : undefined);
const verdict = (ok: boolean | undefined) => (ok === undefined ? 'not run' : ok ? 'met' : 'not met');
const num = (x: number | string | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

/** One row a target: what it asks, this run's figure, met / not met. */
export function targetSummary(results: ScenarioResult[]): ScenarioResult {
  const f: Figures = Object.assign({}, ...results.map((r) => r.figures ?? {}));
  const rows: ScenarioResult['rows'] = [];
  const add = (target: string, figure: string | undefined, ok: boolean | undefined) => rows.push({ target, this_run: figure ?? 'not run', status: figure === undefined ? 'not run' : verdict(ok) });

  const cpu = num(f.cpuPerEvaluation100);
  add('evaluate CPU per 4 KB evaluation ≤ 1 ms (gateway process CPU / evaluations at 100 req/s; at saturation beside it)', cpu === undefined ? undefined : `${cpu.toFixed(3)} ms (saturation ${num(f.cpuPerEvaluationSaturated)?.toFixed(3)} ms)`, cpu === undefined ? undefined : cpu <= 1);
  const perCore = num(f.evaluationsPerCoreRate);
  add('≥ 800 evaluations per second per core before p99 leaves the yardstick\'s noise (+1.5 ms)', f.evaluationsPerCore === undefined ? undefined : `${f.evaluationsPerCore} eval/s`, f.evaluationsPerCore === undefined ? undefined : (perCore ?? 0) >= 800);
  const workMs = num(f.yardstickWorkMs);
  for (const rate of [100, 200]) {
    const over = num(f[`p99OverYardstick${rate}`]);
    // Past 90% of the core the yardstick's own work queues, and on a crowded host it queues
    // sooner: its p99 is then no reference.
    const yardstickFull = workMs !== undefined && rate * workMs >= 900;
    const queued = f[`yardstickQueued${rate}`] === 1;
    rows.push({
      target: `evaluate p99 within 1.5 ms of the work yardstick's at ${rate} req/s`,
      this_run: over === undefined ? 'not run' : `${over >= 0 ? '+' : ''}${over.toFixed(2)} ms`,
      status:
        over === undefined ? 'not run'
        : yardstickFull ? `no verdict: ${workMs!.toFixed(2)} ms of work at ${rate} req/s fills the core`
        : queued ? 'no verdict: the yardstick queued (the host did not give it the core)'
        : verdict(over <= 1.5),
    });
  }
  add('detector precision and recall within one point of before', 'measured by npm run eval:detectors, not by this run (docs/benchmarks.md, detector quality)', undefined);
  const p50 = num(f.chainAddedP50);
  const p99 = num(f.chainAddedP99);
  add('full chain on new prompts at 200 req/s adds ≤ 1.5 ms p50 over pass-through', ms(p50), p50 === undefined ? undefined : p50 <= 1.5);
  add('full chain on new prompts at 200 req/s adds ≤ 5 ms p99 over pass-through', ms(p99), p99 === undefined ? undefined : p99 <= 5);
  const chainRps = num(f.chainRps);
  const passRps = num(f.passthroughRps);
  add('full chain saturates at ≥ 70% of pass-through on one core', chainRps === undefined ? undefined : `${Math.round(chainRps)} of ${Math.round(passRps ?? NaN)} req/s = ${formatPercent(chainRps, passRps)}`, chainRps === undefined || passRps === undefined ? undefined : chainRps >= 0.7 * passRps);
  if (typeof f.workers === 'string') add('1 against 2 workers shown', f.workers, false);
  else {
    const w1 = num(f.workers1Passthrough);
    add('1 against 2 workers shown (saturation req/s, pass-through / evaluate)', w1 === undefined ? undefined : `${Math.round(w1)} → ${Math.round(num(f.workers2Passthrough) ?? NaN)} / ${Math.round(num(f.workers1Evaluate) ?? NaN)} → ${Math.round(num(f.workers2Evaluate) ?? NaN)}`, w1 === undefined ? undefined : true);
  }
  const rps = num(f.portcullisRps);
  add(
    'peers in the same run: pass-through req/s beside the floor and Portkey',
    rps === undefined ? undefined : `${Math.round(rps)} req/s: ${formatRatio(rps, num(f.floorRps))} the floor, ${formatRatio(rps, num(f.peerRps))} Portkey; added p50 ${ms(num(f.portcullisAddedP50))}, first content +${ms(num(f.portcullisFirstContent))}`,
    rps === undefined ? undefined : num(f.peerRps) !== undefined,
  );
  const notes = ['"not run": its group was not selected; the peers row is met when the peer gateway was measured beside Portcullis'];
  const saturatedCpu = num(f.cpuPerEvaluationSaturated);
  const floorCpu = num(f.floorCpuSaturated);
  const floorCpu100 = num(f.floorCpu100);
  const workMean = num(f.detectorWorkMeanMs);
  if (saturatedCpu !== undefined && floorCpu !== undefined && floorCpu100 !== undefined && workMean !== undefined) {
    notes.push(
      `where the evaluate CPU goes: a one-word evaluation costs the gateway ${floorCpu100.toFixed(2)} ms at 100 req/s and ${floorCpu.toFixed(2)} ms at saturation (the HTTP path and the service with no text to read), and the detectors' own work on these prompts in process is ${workMean.toFixed(2)} ms on average; of the ${saturatedCpu.toFixed(2)} ms per 4 KB evaluation at saturation, ${Math.max(0, saturatedCpu - floorCpu - workMean).toFixed(2)} ms is neither`,
    );
  }
  const own100 = num(f.p99OverRequestWork100);
  const own200 = num(f.p99OverRequestWork200);
  const workP50 = num(f.requestWorkP50Ms);
  const workP99 = num(f.requestWorkP99Ms);
  if (own100 !== undefined && own200 !== undefined && workP50 !== undefined && workP99 !== undefined) {
    const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)} ms`;
    notes.push(
      `where the evaluate p99 comes from: the detectors' own work spreads from ${workP50.toFixed(2)} ms (median) to ${workP99.toFixed(2)} ms (99th percentile) per request, which a server doing the median every time has not; over a server doing each request's work, the evaluation's p99 is ${signed(own100)} at 100 and ${signed(own200)} at 200 req/s: the gateway's own share`,
    );
  }
  return { scenario: 'targets (issue 35)', rows, notes };
}
