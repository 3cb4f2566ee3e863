/**
 * Prometheus instruments of MCP tool calls, fed from the metrics event of each `tools/call`
 * after its answer is sent. As with proxied requests (tenant-labels.ts), a series names the
 * gateway, consumer and registry by id and leaves the tool out unless the operator turned
 * tenant labels on; then slugs and the merged tool name are used.
 */
import type { Registry } from 'prom-client';
import type { MetricsEventData } from '../telemetry/metrics-event.js';
import { LabelBudget } from './labels.js';
import { TenantLabels } from './tenant-labels.js';
import { BucketCounts, CellTable, counterSamples, groupCells, histogramSamples, registerScraped } from './tally.js';

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

interface ToolCell {
  calls: number;
  duration: BucketCounts;
  requestBytes: number;
  responseBytes: number;
}

const LABELS = ['gateway', 'consumer', 'registry', 'tool', 'outcome'] as const;

/** The MCP tool-call metric families, registered in the registry given. */
export class McpToolMetrics {
  private readonly cells = new CellTable<ToolCell>(LABELS.length, () => ({ calls: 0, duration: new BucketCounts(DURATION_BUCKETS), requestBytes: 0, responseBytes: 0 }));

  /** `names`: label by slugs and tool names (PORTCULLIS_METRICS_TENANT_LABELS). */
  constructor(
    registry: Registry,
    private readonly labels = new LabelBudget(),
    private readonly names = false,
    private readonly tenant = new TenantLabels(names),
  ) {
    const entries = () => this.cells.entries();
    const reset = () => this.cells.clear();
    const pick = (names: readonly string[]) => {
      const at = names.map((n) => LABELS.indexOf(n as (typeof LABELS)[number]));
      return (values: readonly string[]) => Object.fromEntries(names.map((n, i) => [n, values[at[i]!]]));
    };
    const sum = (names: readonly string[], take: (cell: ToolCell) => number) => () =>
      groupCells(entries(), pick(names), () => ({ n: 0 }), (acc, cell) => (acc.n += take(cell))).map((s) => ({ labels: s.labels, value: s.value.n }));
    registerScraped(registry, {
      name: 'portcullis_mcp_tool_calls_total',
      help: 'MCP tool calls answered, by gateway, consumer, registry, tool (with tenant labels on) and outcome (ok, tool_error, refused, rate_limited, upstream_error).',
      type: 'counter',
      samples: () => counterSamples(sum(LABELS, (c) => c.calls)()),
      reset,
    });
    registerScraped(registry, {
      name: 'portcullis_mcp_tool_call_duration_seconds',
      help: 'MCP tool call time as the toolkit measured it (hooks and upstream), by registry and outcome.',
      type: 'histogram',
      samples: () =>
        histogramSamples(
          'portcullis_mcp_tool_call_duration_seconds',
          groupCells(entries(), pick(['registry', 'outcome']), () => new BucketCounts(DURATION_BUCKETS), (acc, cell) => acc.add(cell.duration)),
        ),
      reset,
    });
    registerScraped(registry, {
      name: 'portcullis_mcp_tool_call_bytes_total',
      help: 'JSON bytes of MCP tool call arguments sent upstream (direction request) and results received (direction response), by registry.',
      type: 'counter',
      samples: () =>
        counterSamples(
          groupCells(entries(), pick(['registry']), () => ({ request: 0, response: 0 }), (acc, cell) => {
            acc.request += cell.requestBytes;
            acc.response += cell.responseBytes;
          }).flatMap((s) => [
            { labels: { ...s.labels, direction: 'request' }, value: s.value.request },
            { labels: { ...s.labels, direction: 'response' }, value: s.value.response },
          ]),
        ),
      reset,
    });
  }

  /** Counts the tool call of a metrics event, if it has one. */
  record(event: MetricsEventData): void {
    const call = event.mcp?.tool_call;
    if (!call) return;
    const l = this.labels;
    const cell = this.cells.get([
      l.value('gateway', this.tenant.gateway(event)),
      l.value('consumer', this.tenant.consumer(event)),
      l.value('registry', this.names ? call.registry_slug : call.registry_id),
      this.names ? l.value('tool', call.tool) : '',
      call.outcome,
    ]);
    cell.calls++;
    cell.duration.observe(call.latency_ms / 1000);
    cell.requestBytes += call.request_bytes;
    cell.responseBytes += call.response_bytes;
  }
}
