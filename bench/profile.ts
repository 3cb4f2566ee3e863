/**
 * `npm run bench:profile -- [passthrough|translated|chain|chain-dataset|evaluate|evaluate-dataset|evaluate-no-detector|evaluate-conversation|evaluate-floor|mcp]`: saturates one gateway scenario in
 * closed loop with the gateway under `--cpu-prof`, then prints where its CPU time went (self time
 * by function and by file) and leaves the `.cpuprofile` in bench/results/ for a flame graph
 * (open it in Chrome DevTools or speedscope). Traffic goes only to 127.0.0.1. Start-up and the
 * warm-up are left out of the figures. BENCH_GATEWAY_NODE_ARGS adds Node options to the gateway
 * (to weigh a V8 flag, say); BENCH_DURATION_S sets the measured seconds (default 10).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { anthropicMessages, openaiChat } from './bodies.js';
import type { RequestBodies } from './body-cycle.js';
import { saturate } from './closed-loop.js';
import { createContext } from './context.js';
import { HAS_TASKSET, pinSelf, startFakeMcpServer, startFakeUpstream } from './processes.js';
import { gatewayTarget } from './scenarios/mcp.js';
import { CHAIN_PLANES, chainBody, chainSeed, freshChatBodies } from './scenarios/policy-chain.js';
import { evaluateBodies, evaluateConversationBodies, evaluateDatasetBodies, evaluateFloorBody, evaluateNoDetectorSeed, evaluateSeed } from './scenarios/evaluate.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const scenario = process.argv[2] ?? 'passthrough';
const seconds = Number(process.env.BENCH_DURATION_S ?? 10);
const profileDir = `${root}bench/results/profile-${Date.now()}`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  /** Monotonic clock, µs (the clock of `process.hrtime`). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The monotonic clock in µs, as the profile's timestamps count it. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time per function and per file: percent of the samples taken from `fromUs` on (the
 * measured load, so start-up and warm-up are left out) and microseconds per measured request.
 */
function summarise(profile: CpuProfile, requests: number, fromUs: number, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= fromUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(`file://${root}`, '').replace(/^.*node_modules\//, 'node_modules/') || '(native)';
    byFunction.set(`${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`, (byFunction.get(`${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`) ?? 0) + us);
    const group = file.startsWith('node_modules/') ? file.split('/').slice(0, file.includes('/@') ? 3 : 2).join('/') : file;
    byFile.set(group, (byFile.get(group) ?? 0) + us);
  }
  const table = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}% ${(us / requests).toFixed(1).padStart(6)} µs/req  ${k}`).join('\n');
  return `(the measured load only: start-up and warm-up left out)\n\nself time by function:\n${table(byFunction)}\n\nself time by file:\n${table(byFile)}`;
}

async function main() {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  mkdirSync(profileDir, { recursive: true });
  pinSelf(1);
  const upstream = await startFakeUpstream(HAS_TASKSET ? 1 : undefined);
  const ctx = createContext({ rate: 200, durationMs: 5000, repeats: 1, soakMs: 0, gatewayCore: HAS_TASKSET ? 0 : undefined }, upstream.url);
  // chain-dataset: the chain group's requests, each a new 4 KB prompt from the run's source.
  const chain = scenario === 'chain' || scenario === 'chain-dataset';
  const evaluating = scenario.startsWith('evaluate');
  // mcp: a tools/call through /{slug}/mcp to the MCP benchmark server (bench/scenarios/mcp.ts).
  const mcpServer = scenario === 'mcp' ? await startFakeMcpServer(HAS_TASKSET ? 1 : undefined) : undefined;
  const seed = chain ? chainSeed : scenario === 'evaluate-no-detector' ? evaluateNoDetectorSeed : evaluating ? evaluateSeed : { consumers: 10, mcpServerUrl: mcpServer?.url };
  const gw = await ctx.gateway(seed, chain ? CHAIN_PLANES : evaluating ? ['guardrail'] : ['proxy'], [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);
  let headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${evaluating ? gw.collectorKey : gw.key}`, 'anthropic-version': '2023-06-01' };
  let url = evaluating ? `${gw.urls.guardrail}/v1/evaluate` : `${gw.urls.proxy}/${gw.slug}/v1/${scenario === 'translated' ? 'messages' : 'chat/completions'}`;
  let body: RequestBodies = scenario === 'evaluate-floor' ? evaluateFloorBody() : scenario === 'evaluate-dataset' || scenario === 'evaluate-no-detector' ? evaluateDatasetBodies() : scenario === 'evaluate-conversation' ? evaluateConversationBodies() : evaluating ? evaluateBodies() : scenario === 'chain-dataset' ? freshChatBodies(ctx.prompts) : chain ? chainBody() : scenario === 'translated' ? anthropicMessages() : openaiChat();
  if (mcpServer) ({ url, body, headers } = await gatewayTarget(gw));
  await saturate(url, body, headers, 2);
  const measuredFrom = monotonicUs();
  const result = await saturate(url, body, headers, seconds);
  await gw.stop();
  await upstream.stop();
  await mcpServer?.stop();
  console.log(`${scenario}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors + result.non2xx}\n`);
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const target = `${profileDir}/${scenario}.cpuprofile`;
  renameSync(`${profileDir}/${file}`, target);
  console.log(summarise(JSON.parse(readFileSync(target, 'utf8')) as CpuProfile, result.requests, measuredFrom));
  console.log(`\nprofile: ${target}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
