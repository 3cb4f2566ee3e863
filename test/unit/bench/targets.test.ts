/** The run's summary of targets: each figure against its target, and no verdict where none is possible. */
import { expect } from 'chai';
import { targetSummary } from '../../../bench/targets.js';

const statusOf = (rows: Array<Record<string, unknown>>, start: string) => rows.find((r) => String(r.target).startsWith(start))?.status;

describe('bench: summary of targets', () => {
  it('marks each figure met or not met against its target', () => {
    const { rows } = targetSummary([
      { scenario: 'evaluate', rows: [], figures: { cpuPerEvaluation100: 0.9, cpuPerEvaluationSaturated: 0.8, evaluationsPerCore: '640', evaluationsPerCoreRate: 640, yardstickWorkMs: 0.7, p99OverYardstick100: 0.4, p99OverYardstick200: 2.1 } },
      { scenario: 'chain', rows: [], figures: { chainAddedP50: 1.2, chainAddedP99: 6, chainRps: 4_300, passthroughRps: 6_000 } },
    ]);
    expect(statusOf(rows, 'evaluate CPU')).to.equal('met');
    expect(statusOf(rows, '≥ 800 evaluations')).to.equal('not met');
    expect(statusOf(rows, "evaluate p99 within 1.5 ms of the work yardstick's at 100")).to.equal('met');
    expect(statusOf(rows, "evaluate p99 within 1.5 ms of the work yardstick's at 200")).to.equal('not met');
    expect(statusOf(rows, 'full chain on new prompts at 200 req/s adds ≤ 1.5 ms')).to.equal('met');
    expect(statusOf(rows, 'full chain on new prompts at 200 req/s adds ≤ 5 ms')).to.equal('not met');
    expect(statusOf(rows, 'full chain saturates')).to.equal('met');
    expect(statusOf(rows, 'peers')).to.equal('not run');
  });

  it('gives no verdict on the yardstick comparison at a rate where the yardstick\'s work fills the core', () => {
    const { rows } = targetSummary([{ scenario: 'evaluate', rows: [], figures: { yardstickWorkMs: 6, p99OverYardstick100: -3, p99OverYardstick200: -900 } }]);
    expect(statusOf(rows, "evaluate p99 within 1.5 ms of the work yardstick's at 100")).to.equal('met');
    expect(statusOf(rows, "evaluate p99 within 1.5 ms of the work yardstick's at 200")).to.match(/^no verdict/);
  });

  it('gives no verdict where the yardstick queued on a crowded host, whatever the difference', () => {
    const { rows } = targetSummary([{ scenario: 'evaluate', rows: [], figures: { yardstickWorkMs: 3, p99OverYardstick100: -6_000, yardstickQueued100: 1 } }]);
    expect(statusOf(rows, "evaluate p99 within 1.5 ms of the work yardstick's at 100")).to.match(/^no verdict: the yardstick queued/);
  });

  it('says how much of the evaluate p99 is the spread of the detectors\' work and how much the gateway\'s own', () => {
    const { notes } = targetSummary([
      { scenario: 'evaluate', rows: [], figures: { yardstickWorkMs: 1.5, requestWorkP50Ms: 1.48, requestWorkP99Ms: 4.06, p99OverYardstick100: 2.9, p99OverRequestWork100: 0.35, p99OverRequestWork200: -0.2 } },
    ]);
    const note = notes!.find((n) => n.startsWith('where the evaluate p99 comes from'));
    expect(note).to.include('from 1.48 ms (median) to 4.06 ms (99th percentile)');
    expect(note).to.include('+0.35 ms at 100 and -0.20 ms at 200 req/s');
    // Without the request-work yardstick (an older run's figures) there is nothing to say.
    expect(targetSummary([{ scenario: 'evaluate', rows: [], figures: { yardstickWorkMs: 1.48, p99OverYardstick100: 2.9 } }]).notes).to.have.length(1);
  });

  it('splits the evaluate CPU at saturation into the one-word path, the detectors\' own work and the rest', () => {
    const figures = { cpuPerEvaluation100: 3.9, cpuPerEvaluationSaturated: 2.6, floorCpu100: 1.04, floorCpuSaturated: 0.4, yardstickWorkMs: 1.5, detectorWorkMeanMs: 1.7 };
    const note = targetSummary([{ scenario: 'evaluate', rows: [], figures }]).notes!.find((n) => n.startsWith('where the evaluate CPU goes'));
    expect(note).to.include('1.04 ms at 100 req/s and 0.40 ms at saturation');
    expect(note).to.include('1.70 ms on average');
    expect(note).to.match(/of the 2\.60 ms per 4 KB evaluation at saturation, 0\.50 ms is neither$/);
    // Without the one-word floor at saturation (an older run's figures) there is nothing to split.
    const { floorCpuSaturated: _left, ...older } = figures;
    expect(targetSummary([{ scenario: 'evaluate', rows: [], figures: older }]).notes!.some((n) => n.startsWith('where the evaluate CPU goes'))).to.equal(false);
  });

  it('says when the workers flag is missing from the build', () => {
    const { rows } = targetSummary([{ scenario: 'workers', rows: [], figures: { workers: 'not available in this build' } }]);
    expect(rows.find((r) => String(r.target).startsWith('1 against 2'))).to.include({ this_run: 'not available in this build' });
  });
});
