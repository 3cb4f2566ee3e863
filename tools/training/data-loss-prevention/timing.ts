/**
 * Development aid: p50/p99 inspection time of both detectors on a 4 KB prompt (not a test).
 * Prints wall time and this process's CPU time per call; on a loaded machine the CPU time is
 * the one that says what the detectors cost.
 */
import dlp from '../../../plugins/data-loss-prevention/index.js';
import tox from '../../../plugins/toxicity/index.js';
import { validatorFor } from '../../../core/schema/ajv.js';

const base =
  'Hi team, my name is Anna Berg and I live at 1668 Glyn St, Springfield. Call me at +1 415-555-0132 or mail anna.berg@example.com. ' +
  'The deploy failed with key AKIA4VNYNXQAI5TYE2I7 and the database at postgres://app:S3cr3t-Pa55@db.internal/app. ' +
  'Could you review the quarterly report, summarize the findings about revenue growth in Europe, and list three risks for next year? ' +
  'We moved here from Helsinki last spring; the office IP is 10.2.3.4 and my card 4111 1111 1111 1111 expires soon. ';
const text = base.repeat(Math.ceil(4096 / base.length)).slice(0, 4096);
const make = (d: typeof dlp | typeof tox) => {
  const s: Record<string, unknown> = {};
  validatorFor(d.schemaId)(s);
  return d.create(s as never);
};
const detectors = [make(dlp), make(tox)];
const req = { direction: 'input' as const, segments: [{ id: 0, text, source: 'prompt' as const }], attachments: [], attributes: {} };
for (let i = 0; i < 50; i++) for (const d of detectors) d.inspect(req);
const times: number[] = [];
for (let i = 0; i < 500; i++) {
  const t0 = performance.now();
  for (const d of detectors) d.inspect(req);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(`4 KB, both detectors: p50 ${times[250].toFixed(2)} ms, p99 ${times[495].toFixed(2)} ms`);
const cpu: number[] = [];
for (let i = 0; i < 500; i++) {
  const c0 = process.cpuUsage();
  for (const d of detectors) d.inspect(req);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
cpu.sort((a, b) => a - b);
console.log(`4 KB, both detectors, CPU time: p50 ${cpu[250].toFixed(2)} ms, p99 ${cpu[495].toFixed(2)} ms`);
for (const [name, d] of [['data_loss_prevention', detectors[0]], ['toxicity', detectors[1]]] as const) {
  const t: number[] = [];
  for (let i = 0; i < 300; i++) {
    const c0 = process.cpuUsage();
    d.inspect(req);
    const c = process.cpuUsage(c0);
    t.push((c.user + c.system) / 1000);
  }
  t.sort((a, b) => a - b);
  console.log(`${name}, CPU time: p50 ${t[150].toFixed(2)} ms p99 ${t[297].toFixed(2)} ms`);
}
