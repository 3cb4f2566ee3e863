/**
 * Prometheus instruments of guardrail evaluations, fed from each evaluation's Activity record
 * (written for every evaluation, failed ones included), so the counts match the Activity view.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import type { LabelBudget } from './labels.js';

/** The fields of an `activity` event these instruments read. */
interface ActivityData {
  status?: string;
  endpoint?: string;
  direction?: string;
  duration_ms?: number;
  findings?: Array<{ source?: { kind?: string; plugin?: string }; outcome?: { action?: string } }>;
}

const EVALUATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Evaluation counters, findings by detector and evaluation time, in the registry given. */
export class EvaluationMetrics {
  private readonly evaluations: Counter;
  private readonly findings: Counter;
  private readonly duration: Histogram;

  constructor(
    registry: Registry,
    private readonly labels: LabelBudget,
  ) {
    const registers = [registry];
    this.evaluations = new Counter({
      name: 'portcullis_guardrail_evaluations_total',
      help: 'Evaluations answered, by verdict status (error: a detector failed closed).',
      labelNames: ['status'],
      registers,
    });
    this.findings = new Counter({
      name: 'portcullis_guardrail_findings_total',
      help: 'Guardrail findings, by detector type (gate: a policy gate) and the action taken.',
      labelNames: ['detector', 'action'],
      registers,
    });
    this.duration = new Histogram({
      name: 'portcullis_guardrail_evaluation_duration_seconds',
      help: 'Evaluation time, by endpoint and direction.',
      labelNames: ['endpoint', 'direction'],
      buckets: EVALUATION_BUCKETS,
      registers,
    });
  }

  /** Counts one evaluation from its Activity record. */
  record(data: ActivityData): void {
    const l = this.labels;
    this.evaluations.inc({ status: l.value('status', data.status ?? 'unknown') });
    for (const finding of data.findings ?? []) {
      this.findings.inc({ detector: l.value('detector', finding.source?.plugin ?? finding.source?.kind), action: l.value('action', finding.outcome?.action) });
    }
    if (typeof data.duration_ms === 'number') {
      this.duration.observe({ endpoint: l.value('endpoint', data.endpoint), direction: l.value('direction', data.direction) }, data.duration_ms / 1000);
    }
  }
}
