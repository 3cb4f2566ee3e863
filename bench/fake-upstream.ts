/**
 * The benchmark's upstream: a minimal HTTP server answering chat requests in the OpenAI,
 * Anthropic and Gemini formats with precomputed bodies, streaming `chunks` SSE events `delayMs`
 * apart when asked to stream. With `BENCH_UPSTREAM_WORK_MS` it first does that much CPU work per
 * request (a fixed loop over a few bytes, timed once at start-up), for the machine's floor under a
 * server whose work stays in cache; a comma-separated list makes request k do the k-th amount
 * (cycling), so the server's work varies from request to request as a workload's does. Run as its
 * own process: `node --import tsx bench/fake-upstream.ts`; it prints `listening <port>`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const chunks = Number(process.env.BENCH_CHUNKS ?? 20);
const delayMs = Number(process.env.BENCH_CHUNK_DELAY_MS ?? 0);
const workMs = (process.env.BENCH_UPSTREAM_WORK_MS ?? '0').split(',').map(Number);
const usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };

const openaiBody = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench', object: 'chat.completion', created: 1700000000, model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content: 'Hello from the benchmark upstream.' }, finish_reason: 'stop' }],
    usage,
  }),
);
const anthropicBody = Buffer.from(
  JSON.stringify({
    id: 'msg_bench', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5',
    content: [{ type: 'text', text: 'Hello from the benchmark upstream.' }], stop_reason: 'end_turn', stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 9 },
  }),
);
const geminiBody = Buffer.from(
  JSON.stringify({
    candidates: [{ content: { role: 'model', parts: [{ text: 'Hello from the benchmark upstream.' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 9, totalTokenCount: 21 }, modelVersion: 'gemini-2.5-flash',
  }),
);

const openaiChunk = (i: number) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [{ index: 0, delta: i === 0 ? { role: 'assistant', content: `w${i} ` } : { content: `w${i} ` }, finish_reason: null }] })}\n\n`;
const openaiTail =
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [], usage })}\n\n` +
  'data: [DONE]\n\n';

async function stream(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (let i = 0; i < chunks; i++) {
    res.write(openaiChunk(i));
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  }
  res.end(openaiTail);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => resolve(body));
  });
}

// Kept so the loop's result is used and the work cannot be left out.
let spun = 0;
/** A fixed amount of arithmetic on a few locals: CPU time whose data never leaves the registers. */
function spin(rounds: number): number {
  let x = 1;
  for (let i = 0; i < rounds; i++) x = (Math.imul(x, 48271) + i) | 0;
  return x;
}
/** The rounds of `spin` that take a millisecond here, warm (the median of a few timings). */
function roundsPerMs(): number {
  const probe = 1_000_000;
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    spun ^= spin(probe);
    times.push(performance.now() - t0);
  }
  return probe / times.sort((a, b) => a - b)[10];
}
const perMs = workMs.some((ms) => ms > 0) ? roundsPerMs() : 0;
/** The rounds of each request's work, in turn. */
const workRounds = workMs.map((ms) => Math.max(0, Math.round(perMs * ms)));
let requestNumber = 0;

const server = createServer(async (req, res) => {
  const body = await readBody(req);
  const rounds = workRounds[requestNumber++ % workRounds.length];
  if (rounds) spun ^= spin(rounds);
  const url = req.url ?? '';
  if (url.includes('/messages')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': anthropicBody.length });
    res.end(anthropicBody);
  } else if (url.includes(':generateContent')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': geminiBody.length });
    res.end(geminiBody);
  } else if (body.includes('"stream":true')) {
    await stream(res);
  } else {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': openaiBody.length });
    res.end(openaiBody);
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.BENCH_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
