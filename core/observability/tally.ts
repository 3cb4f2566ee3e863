/**
 * Cheap aggregation for per-request Prometheus metrics. prom-client's own instruments build and
 * hash a labels object on every call, several times per request; here each request adds into a
 * plain cell found through nested maps (no key string, no labels object), and the cells become
 * Prometheus samples only when `/metrics` is scraped, summed per metric family's labels.
 */
import type { MetricValue, Registry } from 'prom-client';

/** Counts of one histogram series: `counts[i]` observations at or below `bounds[i]` and above the previous bound; the last is +Inf. */
export class BucketCounts {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = new Array<number>(bounds.length + 1).fill(0);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    this.counts[i]++;
    this.sum += value;
    this.count++;
  }

  add(other: BucketCounts): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i] += other.counts[i];
    this.sum += other.sum;
    this.count += other.count;
  }
}

/** One cell per label tuple, reached through one map per label. */
export class CellTable<C> {
  private root = new Map<string, unknown>();
  private cells: Array<{ values: readonly string[]; cell: C }> = [];

  constructor(
    private readonly width: number,
    private readonly create: () => C,
  ) {}

  /** The cell of `values` (always in the same label order), created on first use. */
  get(values: readonly string[]): C {
    let level = this.root;
    for (let i = 0; i < this.width - 1; i++) {
      let next = level.get(values[i]) as Map<string, unknown> | undefined;
      if (!next) level.set(values[i], (next = new Map()));
      level = next;
    }
    let cell = level.get(values[this.width - 1]) as C | undefined;
    if (cell === undefined) {
      cell = this.create();
      level.set(values[this.width - 1], cell);
      this.cells.push({ values: values.slice(0, this.width), cell });
    }
    return cell;
  }

  entries(): ReadonlyArray<{ values: readonly string[]; cell: C }> {
    return this.cells;
  }

  clear(): void {
    this.root = new Map();
    this.cells = [];
  }
}

type Labels = Record<string, string>;

/**
 * Sums cells into the series of one family: `labelsOf` picks the family's labels from a cell's
 * label values (undefined skips the cell), `merge` adds the cell into the series' accumulator.
 */
export function groupCells<C, A>(
  entries: ReadonlyArray<{ values: readonly string[]; cell: C }>,
  labelsOf: (values: readonly string[]) => Labels,
  start: () => A,
  merge: (into: A, cell: C) => void,
): Array<{ labels: Labels; value: A }> {
  const groups = new Map<string, { labels: Labels; value: A }>();
  for (const { values, cell } of entries) {
    const labels = labelsOf(values);
    const key = Object.values(labels).join('\u0000');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { labels, value: start() }));
    merge(group.value, cell);
  }
  return [...groups.values()];
}

/** Samples of a counter family from summed series; series that stayed at zero are left out. */
export function counterSamples(series: Array<{ labels: Labels; value: number }>): MetricValue<string>[] {
  return series.filter((s) => s.value > 0).map((s) => ({ labels: s.labels, value: s.value }));
}

/** Samples of a histogram family (cumulative `_bucket` with `le`, `_sum`, `_count`) from summed series. */
export function histogramSamples(name: string, series: Array<{ labels: Labels; value: BucketCounts }>): MetricValue<string>[] {
  const out: MetricValue<string>[] = [];
  for (const { labels, value } of series) {
    if (value.count === 0) continue;
    let cumulative = 0;
    value.bounds.forEach((bound, i) => {
      cumulative += value.counts[i];
      out.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${name}_bucket` } as MetricValue<string>);
    });
    out.push({ labels: { ...labels, le: '+Inf' }, value: value.count, metricName: `${name}_bucket` } as MetricValue<string>);
    out.push({ labels, value: value.sum, metricName: `${name}_sum` } as MetricValue<string>);
    out.push({ labels, value: value.count, metricName: `${name}_count` } as MetricValue<string>);
  }
  return out;
}

/**
 * Registers a metric family whose samples are computed at scrape time. prom-client's registry
 * reads any object with a name, help, type and `get()`; `reset()` serves `resetMetrics()`.
 */
export function registerScraped(
  registry: Registry,
  family: { name: string; help: string; type: 'counter' | 'histogram'; samples: () => MetricValue<string>[]; reset: () => void },
): void {
  const metric = {
    name: family.name,
    help: family.help,
    type: family.type,
    aggregator: 'sum',
    get: async () => ({ name: family.name, help: family.help, type: family.type, aggregator: 'sum', values: family.samples() }),
    reset: family.reset,
  };
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}
