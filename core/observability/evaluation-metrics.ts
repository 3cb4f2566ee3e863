/**
 * Prometheus instruments of guardrail evaluations, fed from each evaluation's Activity record
 * (written for every evaluation, failed ones included), so the counts match the Activity view.
 * Each evaluation adds into cells (tally.ts), which become samples only when `/metrics` is
 * scraped: prom-client's instruments would build and hash a labels object per finding.
 */
import type { Registry } from 'prom-client';
import type { LabelBudget } from './labels.js';
import { BucketCounts, CellTable, counterSamples, histogramSamples, registerScraped } from './tally.js';

/** The fields of an `activity` event these instruments read. */
interface ActivityData {
  status?: string;
  endpoint?: string;
  direction?: string;
  duration_ms?: number;
  findings?: Array<{ source?: { kind?: string; plugin?: string }; outcome?: { action?: string } }>;
}

const EVALUATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const DURATION = 'portcullis_guardrail_evaluation_duration_seconds';

/** The series of one table, labelled by `names` in the table's order. */
function series<C, V>(table: CellTable<C>, names: readonly string[], value: (cell: C) => V): Array<{ labels: Record<string, string>; value: V }> {
  return table.entries().map(({ values, cell }) => ({ labels: Object.fromEntries(names.map((name, i) => [name, values[i]])), value: value(cell) }));
}

/** Evaluation counters, findings by detector and evaluation time, in the registry given. */
export class EvaluationMetrics {
  private readonly evaluations = new CellTable<{ n: number }>(1, () => ({ n: 0 }));
  private readonly findings = new CellTable<{ n: number }>(2, () => ({ n: 0 }));
  private readonly duration = new CellTable<BucketCounts>(2, () => new BucketCounts(EVALUATION_BUCKETS));
  /** Label values of one cell look-up, reused (a table copies them only into a new cell). */
  private readonly values: string[] = ['', ''];

  constructor(
    registry: Registry,
    private readonly labels: LabelBudget,
  ) {
    registerScraped(registry, {
      name: 'portcullis_guardrail_evaluations_total',
      help: 'Evaluations answered, by verdict status (error: a detector failed closed).',
      type: 'counter',
      samples: () => counterSamples(series(this.evaluations, ['status'], (cell) => cell.n)),
      reset: () => this.evaluations.clear(),
    });
    registerScraped(registry, {
      name: 'portcullis_guardrail_findings_total',
      help: 'Guardrail findings, by detector type (gate: a policy gate) and the action taken.',
      type: 'counter',
      samples: () => counterSamples(series(this.findings, ['detector', 'action'], (cell) => cell.n)),
      reset: () => this.findings.clear(),
    });
    registerScraped(registry, {
      name: DURATION,
      help: 'Evaluation time, by endpoint and direction.',
      type: 'histogram',
      samples: () => histogramSamples(DURATION, series(this.duration, ['endpoint', 'direction'], (cell) => cell)),
      reset: () => this.duration.clear(),
    });
  }

  /** Counts one evaluation from its Activity record. */
  record(data: ActivityData): void {
    const l = this.labels;
    const values = this.values;
    values[0] = l.value('status', data.status ?? 'unknown');
    this.evaluations.get(values).n++;
    for (const finding of data.findings ?? []) {
      values[0] = l.value('detector', finding.source?.plugin ?? finding.source?.kind);
      values[1] = l.value('action', finding.outcome?.action);
      this.findings.get(values).n++;
    }
    if (typeof data.duration_ms === 'number') {
      values[0] = l.value('endpoint', data.endpoint);
      values[1] = l.value('direction', data.direction);
      this.duration.get(values).observe(data.duration_ms / 1000);
    }
  }
}
