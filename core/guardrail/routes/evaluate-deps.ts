import type { PluginHost } from '../../plugin/host.js';
import type { SnapshotHolder } from '../../snapshot/holder.js';
import type { TelemetrySink } from '../../telemetry/telemetry-event.js';
import { evaluate, type Evaluation, type EvaluationRequest } from '../evaluation/evaluate.js';
import type { GuardrailMetrics } from '../guardrail-metrics.js';

/** What the evaluate endpoints need: the snapshot, the format adapters and detectors, the activity sink. */
export interface EvaluateDeps {
  holder: SnapshotHolder;
  host: PluginHost;
  telemetry: TelemetrySink;
  metrics?: GuardrailMetrics;
}

/** Evaluates and counts the verdict, or the failure, in the guardrail metrics. */
export async function evaluateCounted(deps: EvaluateDeps, request: EvaluationRequest): Promise<Evaluation> {
  const result = await evaluate(request, deps.telemetry).catch((err: unknown) => {
    deps.metrics?.observe('error');
    throw err;
  });
  deps.metrics?.observe(result.status);
  return result;
}
