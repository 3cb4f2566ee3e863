/**
 * Prometheus metrics of the guardrail plane (`GET /metrics`): evaluations by status. One
 * registry per plane, so several planes in one process do not share counters.
 */
import { Counter, Registry } from 'prom-client';
import type { Status } from './evaluation/verdict.js';

/** The counters of one guardrail plane. */
export class GuardrailMetrics {
  readonly registry = new Registry();
  private readonly evaluations = new Counter({
    name: 'portcullis_guardrail_evaluations_total',
    help: 'Evaluations answered, by verdict status (error: a detector failed closed).',
    labelNames: ['status'],
    registers: [this.registry],
  });

  observe(status: Status | 'error'): void {
    this.evaluations.inc({ status });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
