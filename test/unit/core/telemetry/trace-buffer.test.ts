import { expect } from 'chai';
import { TraceBuffer } from '../../../../core/telemetry/trace-buffer.js';
import type { TelemetryEvent } from '../../../../core/telemetry/telemetry-event.js';

const metric = (data: Record<string, unknown>, nodeId?: string): TelemetryEvent => ({ kind: 'metric', at: '2026-01-02T03:04:05.000Z', node_id: nodeId, data });

describe('core/telemetry/trace-buffer', () => {
  it('finds a trace by gateway and trace id, never across gateways', () => {
    const traces = new TraceBuffer(10, 60_000);
    traces.add(metric({ trace_id: 't1', gateway_id: 'g1', status: 200 }, 'node-a'));
    expect(traces.get('g1', 't1')).to.deep.equal({ trace_id: 't1', gateway_id: 'g1', status: 200, node_id: 'node-a', at: '2026-01-02T03:04:05.000Z' });
    expect(traces.get('g2', 't1')).to.equal(undefined);
  });

  it('keeps at most its bound, the oldest going first', () => {
    const traces = new TraceBuffer(3, 60_000);
    for (let i = 0; i < 5; i++) traces.add(metric({ trace_id: `t${i}`, gateway_id: 'g' }));
    expect(traces.get('g', 't0')).to.equal(undefined);
    expect(traces.get('g', 't1')).to.equal(undefined);
    expect(traces.get('g', 't4')).to.not.equal(undefined);
  });

  it('forgets traces after their time to live', async () => {
    const traces = new TraceBuffer(10, 30);
    traces.add(metric({ trace_id: 't', gateway_id: 'g' }));
    expect(traces.get('g', 't')).to.not.equal(undefined);
    await new Promise((r) => setTimeout(r, 80));
    expect(traces.get('g', 't')).to.equal(undefined);
  });
});
