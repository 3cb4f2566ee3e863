import { expect } from 'chai';
import { Counter, Histogram, Registry } from 'prom-client';
import { BucketCounts, CellTable, counterSamples, groupCells, histogramSamples, registerScraped } from '../../../../core/observability/tally.js';
import { parseSamples } from '../../../integration/observability/prometheus-text.js';

const BOUNDS = [0.001, 0.01, 0.1, 1];
/** Samples in a stable order; sums rounded, since adding per cell first changes the last float digits. */
const sorted = (text: string) => parseSamples(text).map((s) => JSON.stringify([s.name, Object.entries(s.labels).sort(), Number(s.value.toFixed(9))])).sort();

/** Observations over two labels; some land exactly on a bound, some above the last. */
function observations(): Array<{ route: string; model: string; value: number }> {
  const out = [];
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  for (let i = 0; i < 500; i++) {
    out.push({ route: ['/a', '/b', '/c'][i % 3], model: ['m1', 'm2'][i % 2], value: i % 50 === 0 ? BOUNDS[i % 4] : random() * 2 });
  }
  return out;
}

describe('observability tally: scrape-time families', () => {
  it('renders the same histogram and counter samples as prom-client for the same observations', async () => {
    const reference = new Registry();
    const histogram = new Histogram({ name: 'h_seconds', help: 'h', labelNames: ['route'], buckets: BOUNDS, registers: [reference] });
    const counter = new Counter({ name: 'c_total', help: 'c', labelNames: ['route', 'model'], registers: [reference] });

    const registry = new Registry();
    const cells = new CellTable(2, () => ({ n: 0, h: new BucketCounts(BOUNDS) }));
    const reset = () => cells.clear();
    registerScraped(registry, {
      name: 'h_seconds', help: 'h', type: 'histogram', reset,
      samples: () => histogramSamples('h_seconds', groupCells(cells.entries(), (v) => ({ route: v[0] }), () => new BucketCounts(BOUNDS), (acc, c) => acc.add(c.h))),
    });
    registerScraped(registry, {
      name: 'c_total', help: 'c', type: 'counter', reset,
      samples: () => counterSamples(groupCells(cells.entries(), (v) => ({ route: v[0], model: v[1] }), () => ({ n: 0 }), (acc, c) => (acc.n += c.n)).map((s) => ({ labels: s.labels, value: s.value.n }))),
    });

    for (const o of observations()) {
      histogram.observe({ route: o.route }, o.value);
      counter.inc({ route: o.route, model: o.model });
      const cell = cells.get([o.route, o.model]);
      cell.n++;
      cell.h.observe(o.value);
    }
    const ours = await registry.metrics();
    expect(sorted(ours)).to.deep.equal(sorted(await reference.metrics()));
    expect(ours).to.contain('# TYPE h_seconds histogram').and.contain('# TYPE c_total counter');
  });

  it('leaves out series that never counted, and forgets everything on reset', async () => {
    const registry = new Registry();
    const cells = new CellTable(1, () => ({ n: 0, h: new BucketCounts(BOUNDS) }));
    registerScraped(registry, {
      name: 'c_total', help: 'c', type: 'counter', reset: () => cells.clear(),
      samples: () => counterSamples(cells.entries().map(({ values, cell }) => ({ labels: { k: values[0] }, value: cell.n }))),
    });
    cells.get(['zero']);
    cells.get(['one']).n++;
    expect(parseSamples(await registry.metrics()).map((s) => s.labels.k)).to.deep.equal(['one']);
    registry.resetMetrics();
    expect(parseSamples(await registry.metrics())).to.deep.equal([]);
    cells.get(['one']).n++;
    expect(parseSamples(await registry.metrics())[0].value).to.equal(1);
  });

  it('finds the same cell for the same label values however the array was built', () => {
    const cells = new CellTable(3, () => ({ n: 0 }));
    cells.get(['a', 'b', 'c']).n++;
    cells.get(['a', 'b', 'c'.slice(0)]).n++;
    cells.get(['a', 'bc', '']).n++;
    expect(cells.entries().map((e) => [e.values, e.cell.n])).to.deep.equal([[['a', 'b', 'c'], 2], [['a', 'bc', ''], 1]]);
  });
});
