/**
 * `taskset -c 0 npx tsx tools/bench/detector-sum.ts [prompts]`: every detector in turn on each of
 * the benchmark's never-repeating dataset requests, once each after a warm-up pass, as an
 * evaluation runs them: the median and mean of a request's summed detector time, beside each
 * detector's own median and mean. Compare with tools/bench/evaluate-in-process.ts, which times the
 * same work with the evaluate path around it.
 */
import { performance } from 'node:perf_hooks';
import { benchDetectors, inspectionRequest, variedRequests } from '../../bench/detectors.js';
import { DETECTORS, evaluateDatasetBodies } from '../../bench/scenarios/evaluate.js';

const PROMPTS = Number(process.argv[2] ?? 2000);
const ms = (x: number) => Number(x.toFixed(3));
const ORDER: string[] = DETECTORS.map((d) => d.detector);
// GATEWAY_ORDER=1: in the order of the evaluate scenario's rules, as the gateway runs them.
const detectors = (await benchDetectors(process.env.ONLY?.split(','))).sort((a, b) => (process.env.GATEWAY_ORDER ? ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]) : 0));
// EVALUATE_BODIES=1: the evaluate scenario's very bodies (numbered), as evaluate-in-process.ts sends them.
const requests = process.env.EVALUATE_BODIES
  ? evaluateDatasetBodies().bodies.slice(0, PROMPTS).map((body) => {
      const [user, tool] = (JSON.parse(body) as { payload: { messages: Array<{ content: string }> } }).payload.messages;
      return inspectionRequest(user.content, tool.content);
    })
  : variedRequests(PROMPTS);
// The first half warms up; the second is timed, each text seen once, as in a gateway (a text
// read twice would find the detectors' word memos holding its words).
const warmUp = requests.splice(0, requests.length >> 1);
for (const request of warmUp) for (const [, d] of detectors) await d.inspect(request);
const sums: number[] = [];
const each = detectors.map(() => [] as number[]);
// POLLUTE=<KB>: touch that much fresh memory between requests, as the evaluate path around the detectors does.
const pollute = Number(process.env.POLLUTE ?? 0) * 1024;
const junk = new Uint8Array(pollute || 1);
let junkSum = 0;
for (const request of requests) {
  for (let i = 0; i < pollute; i += 64) junkSum += junk[i]++;
  let sum = 0;
  for (let k = 0; k < detectors.length; k++) {
    const t0 = performance.now();
    await detectors[k][1].inspect(request);
    const t = performance.now() - t0;
    each[k].push(t);
    sum += t;
  }
  sums.push(sum);
}
if (junkSum < 0) console.log(junkSum);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.table([
  ...detectors.map(([name], k) => ({ detector: name, p50_ms: ms(median(each[k])), mean_ms: ms(mean(each[k])) })),
  { detector: 'request (summed)', p50_ms: ms(median(sums)), mean_ms: ms(mean(sums)) },
]);
