/**
 * `npx tsx tools/bench/access-line-cost.ts`: CPU per access log line in a loop, in turn through a
 * winston logger with the process logger's format, through the LineBatch the gateway writes the
 * access log with (flushed every four lines, a busy turn's worth), and as a bare JSON.stringify of
 * the same fields and a timestamp (the floor). Medians of 12 rounds of 10,000 lines each.
 */
import { LineBatch } from '../../core/logging/line-batch.js';
import winston from 'winston';
import { Writable } from 'node:stream';
import { logFormatFor } from '../../core/logging/logger.js';
/** Bytes written, so no line is optimised away. */
let bytes = 0;
const sink = new Writable({ write: (c: Buffer, _e, done) => { bytes += c.length; done(); } });
const w = winston.createLogger({ level: 'info', format: logFormatFor({}, false), transports: [new winston.transports.Stream({ stream: sink })] });
const b = new LineBatch((t) => { bytes += t.length; }, false);
const fields = (i: number) => ({ plane: 'proxy', method: 'POST', path: '/app/v1/chat/completions', status: 200, latency_ms: 1.2 + i % 7, trace_id: 'abcdef0123456789abcdef0123456789' + i, consumer: 'app', upstream: 'openai/gpt-4o', attempts: 1 });
const W: number[] = [], B: number[] = [], P: number[] = [];
for (let r = 0; r < 14; r++) {
  let t = performance.now();
  for (let i = 0; i < 10000; i++) w.info('request', fields(i));
  await new Promise((res) => setImmediate(res));
  W.push((performance.now() - t) / 10);
  t = performance.now();
  for (let i = 0; i < 10000; i++) { b.add('info', 'request', {}, fields(i)); if ((i & 3) === 3) b.flush(); }
  B.push((performance.now() - t) / 10);
  t = performance.now();
  for (let i = 0; i < 10000; i++) bytes += (JSON.stringify({ ...fields(i), level: 'info', message: 'request', timestamp: new Date().toISOString() }) + '\n').length;
  P.push((performance.now() - t) / 10);
}
const med = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
console.log(`${bytes} bytes; median µs per line: winston`, med(W.slice(2)).toFixed(2), 'batch', med(B.slice(2)).toFixed(2), 'a bare JSON.stringify of the fields and a timestamp', med(P.slice(2)).toFixed(2));
