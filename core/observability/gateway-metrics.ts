/**
 * The Prometheus metrics of one running Portcullis: its own registry (never prom-client's
 * global one, so several gateways in one process keep separate counts), fed by the telemetry
 * events it emits, plus the process-wide runtime metrics when scraped.
 */
import { Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import type { TelemetryEvent } from '../telemetry/telemetry-event.js';
import { EvaluationMetrics } from './evaluation-metrics.js';
import { LabelBudget } from './labels.js';
import type { TelemetryObserver } from './observed-sink.js';
import { RequestMetrics } from './request-metrics.js';
import { McpToolMetrics } from './mcp-tool-metrics.js';
import { TenantLabels } from './tenant-labels.js';
import { runtimeRegistry } from './runtime-metrics.js';

/** A registry's metrics as `Registry.getMetricsAsJSON()` gives them: what processes exchange to be summed. */
export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

/** What `GET /metrics` answers: this process's metrics, or a whole process tree's (core/workers). */
export interface MetricsSource {
  readonly contentType: string;
  text(): Promise<string>;
}

/** The registry of one running Portcullis and the instruments it feeds from telemetry events. */
export class GatewayMetrics implements TelemetryObserver, MetricsSource {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics;
  private readonly evaluations: EvaluationMetrics;
  private readonly tools: McpToolMetrics;
  private readonly includeRuntime: boolean;

  /**
   * `includeRuntime`: append the process-wide Node.js metrics; `maxLabelValues`: distinct values
   * kept per label; `tenantLabels`: label by slugs and any model name (tenant-labels.ts).
   */
  constructor(options: { includeRuntime?: boolean; maxLabelValues?: number; tenantLabels?: boolean } = {}) {
    const labels = new LabelBudget(options.maxLabelValues);
    this.requests = new RequestMetrics(this.registry, labels, new TenantLabels(options.tenantLabels));
    this.evaluations = new EvaluationMetrics(this.registry, labels);
    this.tools = new McpToolMetrics(this.registry, labels, options.tenantLabels);
    this.includeRuntime = options.includeRuntime ?? true;
  }

  /** Counts a proxied request (`metric`) or a guardrail evaluation (`activity`). */
  observe(event: TelemetryEvent): void {
    if (event.kind === 'metric') {
      const data = event.data as unknown as MetricsEventData;
      this.requests.record(data);
      if (data.mcp) this.tools.record(data);
    }
    else if (event.kind === 'activity') this.evaluations.record(event.data);
  }

  /** The Content-Type of `text()`: the Prometheus text exposition format. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric in the Prometheus text format. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return this.includeRuntime ? `${own}\n${await runtimeRegistry().metrics()}` : own;
  }

  /** Every metric as JSON, one list per registry, for another process to sum (aggregate-metrics.ts). */
  async json(): Promise<MetricsJson[]> {
    const own = (await this.registry.getMetricsAsJSON()) as MetricsJson;
    return this.includeRuntime ? [own, (await runtimeRegistry().getMetricsAsJSON()) as MetricsJson] : [own];
  }
}
