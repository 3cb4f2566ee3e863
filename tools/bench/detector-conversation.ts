/**
 * `taskset -c 0 npx tsx tools/bench/detector-conversation.ts`: every detector in process on the
 * evaluate scenario's 8-turn conversations (each request the whole history, as chat clients send
 * it), p50 by turn, with the detectors remembering texts (SegmentMemo) and reading everything
 * again. Fresh detector instances for each pass, so each starts with an empty memo; the first
 * 400 requests warm up and are not counted.
 */
import type { InspectionRequest } from '../../core/guardrail/detector.js';
import { SegmentMemo } from '../../core/guardrail/segment-memo.js';
import { benchDetectors } from '../../bench/detectors.js';
import { evaluateConversationBodies } from '../../bench/scenarios/evaluate.js';

const TURNS = 8;
const WARM_UP = 400;
const COUNTED = 1200;

type Message = { role: string; content: string };
const toRequest = (body: string): InspectionRequest => ({
  direction: 'input',
  attachments: [],
  attributes: {},
  segments: (JSON.parse(body) as { payload: { messages: Message[] } }).payload.messages.map((m, id) => ({
    id,
    text: m.content,
    source: m.role === 'assistant' ? 'completion' : 'prompt',
    role: m.role as 'system' | 'user' | 'assistant',
  })),
});
const requests = evaluateConversationBodies().bodies.slice(0, WARM_UP + COUNTED).map(toRequest);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

const rows = [];
for (const remembering of [false, true]) {
  const detectors = await benchDetectors();
  // benchDetectors turns the memo off for the other benchmarks; this one weighs it.
  SegmentMemo.disabled = !remembering;
  const byTurn: number[][] = Array.from({ length: TURNS }, () => []);
  for (let i = 0; i < requests.length; i++) {
    const t0 = performance.now();
    for (const [, detector] of detectors) await detector.inspect(requests[i]);
    if (i >= WARM_UP) byTurn[i % TURNS].push(performance.now() - t0);
  }
  rows.push({ detectors: remembering ? 'remembering texts' : 'reading everything', ...Object.fromEntries(byTurn.map((t, turn) => [`turn_${turn + 1}_p50_ms`, Number(median(t).toFixed(2))])) });
}
console.table(rows);
