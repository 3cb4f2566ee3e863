/**
 * An MCP `tools/call` through the gateway's `/{slug}/mcp` against the same call sent straight to
 * the upstream MCP server (an SDK server, bench/fake-mcp-server.ts), in the same run: one gateway
 * with no policy, one with a guardrails policy on tool traffic (the call checked as input, the
 * result as output, by the co-located guardrail service). Both gateways run side by side and take
 * turns with the direct path, sample by sample, in an order that turns each repeat.
 *
 * Every request is one JSON-RPC POST of the 2025-11-25 revision answered with JSON: toward the
 * upstream (a stateless server) without a session, toward the gateway inside the session its
 * `initialize` handed out (sealed in the id, so each call is still one POST).
 */
import { bodySource } from '../body-cycle.js';
import { errorsOf, interleave, medianLatency, type Target } from '../compare.js';
import type { BenchContext, RunningGateway, ScenarioResult } from '../context.js';
import { startFakeMcpServer } from '../processes.js';
import type { SeedOptions } from '../seed-config.js';

const PROTOCOL = '2025-11-25';
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': PROTOCOL };
/** The upstream's tool and the name the gateway's clients see (`{registry_slug}__{tool}`, registry `tools`). */
const TOOL = 'lookup';
const MERGED_TOOL = `tools__${TOOL}`;
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const toolCall = (name: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { id: '4711' } } });

/** The guarded gateway's policy: the guardrails plugin on tool calls (input) and results (output). */
export const guardedToolSeed = (mcpServerUrl: string): Omit<SeedOptions, 'dataDir' | 'masterKey' | 'upstreamUrl'> => ({
  consumers: 10,
  mcpServerUrl,
  guardrailRules: [
    { detector: 'prompt_guard', direction: 'input', action: 'block' },
    { detector: 'indirect_prompt_injection', direction: 'output', action: 'block' },
    { detector: 'data_loss_prevention', direction: 'output', action: 'block' },
  ],
  chain: [{ type: 'guardrails', settings: { directions: ['input', 'output'], timeout_ms: 3000 } }],
});

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, { method: 'POST', headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Sends one call and refuses to measure a path whose call fails (an `isError` result is HTTP 200 too). */
async function checkCall(target: Target, what: string): Promise<void> {
  const answer = await post(target.url, bodySource(target.body)(), target.headers);
  const parsed = answer.status === 200 ? (JSON.parse(answer.text) as { result?: { isError?: boolean; content?: unknown[] } }) : undefined;
  if (!parsed?.result?.content || parsed.result.isError) throw new Error(`the ${what} tool call failed (${answer.status}): ${answer.text.slice(0, 500)}`);
}

/** The gateway's MCP endpoint for the seeded consumer, with a session opened by `initialize` (also `npm run bench:profile -- mcp`). */
export async function gatewayTarget(gw: RunningGateway): Promise<Target> {
  const url = `${gw.urls.proxy}/${gw.slug}/mcp`;
  const headers = { ...MCP_HEADERS, 'x-ag-api-key': gw.key };
  const init = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'portcullis-bench', version: '1.0.0' } } });
  const answer = await post(url, init, headers);
  const session = answer.headers.get('mcp-session-id');
  if (answer.status !== 200 || !session) throw new Error(`initialize through the gateway answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  await post(url, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), { ...headers, 'mcp-session-id': session });
  return { url, body: toolCall(MERGED_TOOL), headers: { ...headers, 'mcp-session-id': session } };
}

export async function mcpToolCall(ctx: BenchContext): Promise<ScenarioResult> {
  const server = await startFakeMcpServer(ctx.settings.driverCore);
  const gateways: RunningGateway[] = [];
  try {
    gateways.push(await ctx.gateway({ consumers: 10, mcpServerUrl: server.url }, ['proxy']));
    gateways.push(await ctx.gateway(guardedToolSeed(server.url), ['proxy', 'guardrail']));
    const direct: Target = { url: server.url, body: toolCall(TOOL), headers: MCP_HEADERS };
    const proxied = await Promise.all(gateways.map(gatewayTarget));
    await checkCall(direct, 'direct');
    for (const target of proxied) await checkCall(target, 'gateway');
    const runs = await interleave([direct, ...proxied], { rate: ctx.settings.rate, durationMs: ctx.settings.durationMs, repeats: ctx.settings.repeats, rotate: true, saturation: true });
    const [d, ...g] = runs.latency.map(medianLatency);
    const rps = runs.saturation.map((samples) => median(samples.map((sample) => sample.rps)));
    const labels = ['no policy', 'guardrails on call and result'];
    return {
      scenario: 'MCP tools/call',
      rows: labels.map((policy, k) => ({
        policy,
        direct_p50_ms: round(d.p50),
        gateway_p50_ms: round(g[k].p50),
        added_p50_ms: round(g[k].p50 - d.p50),
        added_p99_ms: round(g[k].p99 - d.p99),
        direct_rps: round(rps[0], 0),
        gateway_rps: round(rps[k + 1], 0),
        errors: errorsOf(runs, 0) + errorsOf(runs, k + 1),
      })),
      notes: [
        'one JSON-RPC POST per call (2025-11-25 revision, JSON answers): straight to the SDK server, or through /{slug}/mcp inside a sealed session',
        'the two gateways run side by side and take turns with the direct path, sample by sample, in an order that turns each repeat; rps: closed-loop saturation',
      ],
    };
  } finally {
    for (const gw of gateways) await gw.stop();
    await server.stop();
  }
}
