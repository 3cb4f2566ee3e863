/**
 * `npm run bench` as its user runs it, shortened: the build, then the default groups (peers,
 * chain, evaluate, workers) and the summary of targets, with one-second samples and one repeat so
 * it fits a test run (about three minutes). The figures of so short a run mean nothing; what is
 * checked is that one run prints every table the performance work is judged by, that no group
 * failed a request, and that every target gets this run's figure and a verdict. Prompts are the
 * generated ones (BENCH_PROMPTS=generated). Traffic goes only to 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { makeTempDir, removeTempDir } from '../../fixtures/files/temp-dir.js';

interface Results {
  results: Array<{ scenario: string; rows: Array<Record<string, unknown>>; notes?: string[]; figures?: Record<string, unknown> }>;
}

const QUICK = {
  BENCH_DURATION_S: '1',
  BENCH_REPEATS: '1',
  BENCH_SOAK_S: '1',
  BENCH_EVALUATE_WARMUP_S: '1',
  BENCH_EVALUATE_PROBE_S: '1',
  BENCH_EVALUATE_PROBES: '2',
};

function runBench(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'bench'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run bench (shortened)', function () {
  this.timeout(10 * 60_000);
  let dir: string;
  let run: { code: number | null; stdout: string; stderr: string };
  let results: Results['results'];

  before(async () => {
    dir = makeTempDir('portcullis-bench-');
    // Generated prompts: a test never reads the labelled data beside the checkout.
    run = await runBench({ ...QUICK, BENCH_PROMPTS: 'generated', BENCH_RESULTS_DIR: dir });
    if (run.code === 0) results = (JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8')) as Results).results;
  });
  after(() => removeTempDir(dir));

  const scenario = (start: string) => {
    const found = results.find((r) => r.scenario.startsWith(start));
    expect(found, `no "${start}" group in the results`).to.not.equal(undefined);
    return found!;
  };

  it('finishes and prints every table of the default groups, ending with the targets', () => {
    expect(run.code, run.stderr.slice(-2000)).to.equal(0);
    const headings = [...run.stdout.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    for (const start of [
      'peers: pass-through chat',
      'peers: streaming, first content',
      'full policy chain on never-repeating 4 KB prompts',
      'evaluate: never-repeating 4 KB prompts (generated prose), every detector',
      'evaluate: evaluations per second per core',
      'workers: 1 against 2',
      'targets (issue 35)',
    ]) {
      expect(headings.some((h) => h.startsWith(start)), `heading "${start}" in ${JSON.stringify(headings)}`).to.equal(true);
    }
    expect(headings.at(-1)).to.equal('targets (issue 35)');
  });

  it('measures Portcullis beside the floor and Portkey, and answers every request of every group', () => {
    const gateways = scenario('peers: pass-through chat').rows.map((r) => String(r.gateway));
    expect(gateways).to.include.members(['fake upstream, direct', 'floor (Koa + undici)', 'Portcullis']);
    expect(gateways.some((g) => g.startsWith('Portkey '))).to.equal(true);
    for (const r of results.filter((x) => !x.scenario.startsWith('targets'))) {
      for (const row of r.rows) if ('errors' in row) expect(row.errors, `${r.scenario}: ${JSON.stringify(row)}`).to.equal(0);
    }
  });

  it('reports evaluate CPU and latency at 20, 100 and 200 req/s and at saturation, the chain against pass-through, and 1 against 2 workers', () => {
    const evaluate = scenario('evaluate: never-repeating');
    expect(evaluate.rows.map((r) => String(r.rate_rps).replace(/ \(.*/, ''))).to.deep.equal(['20', '100', '200', 'saturation']);
    for (const row of evaluate.rows) for (const key of ['cpu_per_evaluation_ms', 'floor_cpu_ms']) expect(row[key], `${row.rate_rps}: ${key}`).to.be.a('number').above(0);
    for (const row of evaluate.rows.slice(0, 3)) {
      for (const key of ['p50_ms', 'p99_ms', 'floor_p99_ms', 'yardstick_p99_ms', 'request_work_p99_ms']) expect(row[key], key).to.be.a('number').above(0);
    }
    expect(scenario('full policy chain').rows.map((r) => r.path)).to.deep.equal(['fake upstream, direct', 'pass-through (no policy)', 'full chain']);
    const workers = scenario('workers: 1 against 2').rows;
    expect(workers.map((r) => r.workers)).to.deep.equal([1, 2]);
    for (const row of workers) for (const key of ['passthrough_rps', 'evaluate_rps']) expect(row[key], key).to.be.a('number').above(0);
  });

  it('gives every target this run\'s figure and a verdict (detector quality is measured by npm run eval:detectors), and says where the evaluate p99 and CPU come from', () => {
    const summary = scenario('targets (issue 35)');
    for (const note of ['where the evaluate p99 comes from', 'where the evaluate CPU goes']) expect(summary.notes?.some((n) => n.startsWith(note)), note).to.equal(true);
    const targets = summary.rows;
    expect(targets.length).to.be.at.least(9);
    for (const row of targets) {
      if (String(row.target).startsWith('detector precision and recall')) continue;
      expect(String(row.status), JSON.stringify(row)).to.match(/^(met|not met|no verdict: .+)$/);
      expect(String(row.this_run), JSON.stringify(row)).to.not.equal('not run');
    }
  });
});
