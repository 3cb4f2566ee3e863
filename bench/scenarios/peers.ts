/**
 * Portcullis beside its peers on the same cores in the same run: the fake upstream called
 * directly, the bare Koa + undici floor (bench/floor-proxy.ts) and the peer gateway (the
 * `@portkey-ai/gateway` dev dependency, pointed at the fake upstream with its provider and
 * custom-host headers), for pass-through chat and streaming (the peer gateway's streaming path
 * fails as its package installs it; the streaming rows run a second instance with one server
 * option changed: bench/peer-node-server.mjs). Every proxy under test runs on the
 * gateway core, the load driver and the upstream on the other; the targets take turns sample by
 * sample in an order that rotates each repeat, and medians are reported. Each figure is printed
 * as a ratio to the floor and to the peer gateway measured minutes apart on the same cores.
 */
import { openaiChat } from '../bodies.js';
import { errorsOf, interleave, medianLatency, type InterleavedRuns, type Target } from '../compare.js';
import type { BenchContext, ScenarioResult } from '../context.js';
import { PEER_PACKAGE, startFloorProxy, startPeerGateway } from '../processes.js';
import { formatRatio } from '../ratio.js';

const json = { 'content-type': 'application/json' };
const round = (x: number | undefined, digits = 2) => (x === undefined || Number.isNaN(x) ? undefined : Number(x.toFixed(digits)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The label the report gives the peer gateway. */
export const PEER_NAME = 'Portkey';

interface Proxied {
  name: string;
  target: Target;
}

/** Median p50, p99 (minus the direct path's) and saturation of each target after the first. */
function figuresOf(runs: InterleavedRuns, proxied: Proxied[]) {
  const [direct, ...rest] = runs.latency.map(medianLatency);
  return proxied.map((p, k) => ({
    name: p.name,
    addedP50: rest[k].p50 - direct.p50,
    addedP99: rest[k].p99 - direct.p99,
    rps: runs.saturation[k + 1].length ? median(runs.saturation[k + 1].map((s) => s.rps)) : undefined,
    errors: errorsOf(runs, k + 1),
    /** Every request of every open-loop sample failed. */
    failed: runs.latency[k + 1].every((r) => r.errors >= r.sent),
  }));
}

export async function peers(ctx: BenchContext): Promise<ScenarioResult[]> {
  const { settings, upstreamUrl } = ctx;
  const started: Array<{ stop(): Promise<void> }> = [];
  try {
    const floor = await startFloorProxy(settings.gatewayCore, upstreamUrl);
    started.push(floor);
    const gw = await ctx.gateway({ consumers: 10 });
    started.push(gw);
    const peer = await startPeerGateway(settings.gatewayCore);
    if (peer) started.push(peer);
    const peerStreaming = peer && (await startPeerGateway(settings.gatewayCore, ['--import', './bench/peer-streaming.mjs']));
    if (peerStreaming) started.push(peerStreaming);
    const peerHeaders = { ...json, 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstreamUrl}/v1`, authorization: 'Bearer sk-bench' };
    const targets = (body: string, peerUrl = peer?.url): Proxied[] => [
      { name: 'floor (Koa + undici)', target: { url: `${floor.url}/v1/chat/completions`, body, headers: json } },
      { name: 'Portcullis', target: { url: `${gw.urls.proxy}/${gw.slug}/v1/chat/completions`, body, headers: { ...json, authorization: `Bearer ${gw.key}` } } },
      ...(peer && peerUrl ? [{ name: `${PEER_NAME} ${peer.version}`, target: { url: `${peerUrl}/v1/chat/completions`, body, headers: peerHeaders } }] : []),
    ];
    const direct = (body: string): Target => ({ url: `${upstreamUrl}/v1/chat/completions`, body, headers: json });

    const chat = targets(openaiChat());
    const chatRuns = await interleave([direct(openaiChat()), ...chat.map((p) => p.target)], {
      rate: settings.rate, durationMs: settings.durationMs, repeats: settings.repeats, saturation: true, rotate: true,
    });
    const chatFigures = figuresOf(chatRuns, chat);
    const directRps = median(chatRuns.saturation[0].map((s) => s.rps));
    const [floorChat, portcullisChat, peerChat] = chatFigures;

    const streamRate = Math.min(settings.rate, 100);
    const stream = targets(openaiChat(true), peerStreaming?.url);
    const streamRuns = await interleave([direct(openaiChat(true)), ...stream.map((p) => p.target)], {
      rate: streamRate, durationMs: settings.durationMs, repeats: settings.repeats, firstByteOnly: true, rotate: true,
    });
    const streamFigures = figuresOf(streamRuns, stream);
    const [floorStream, portcullisStream, peerStream] = streamFigures;
    const directFirst = medianLatency(streamRuns.latency[0]);

    const missingPeer = peer ? [] : [`${PEER_PACKAGE} is not installed: the ${PEER_NAME} columns are empty (npm install --include=dev)`];
    const failedPeer = (f: typeof peerStream | undefined) => f?.failed === true;
    const chatRows = [
      { gateway: 'fake upstream, direct', rps: round(directRps, 0), added_p50_ms: 0, added_p99_ms: 0, errors: errorsOf(chatRuns, 0) },
      ...chatFigures.map((f) => ({
        gateway: f.name,
        rps: round(f.rps, 0),
        rps_vs_floor: formatRatio(f.rps, floorChat.rps),
        rps_vs_peer: formatRatio(f.rps, peerChat?.rps),
        added_p50_ms: round(f.addedP50),
        p50_vs_floor: formatRatio(f.addedP50, floorChat.addedP50),
        p50_vs_peer: formatRatio(f.addedP50, peerChat?.addedP50),
        added_p99_ms: round(f.addedP99),
        p99_vs_floor: formatRatio(f.addedP99, floorChat.addedP99),
        p99_vs_peer: formatRatio(f.addedP99, peerChat?.addedP99),
        errors: f.errors,
      })),
    ];
    const streamRows = [
      { gateway: 'fake upstream, direct', first_content_p50_ms: round(directFirst.p50), added_p50_ms: 0, added_p99_ms: 0, errors: errorsOf(streamRuns, 0) },
      ...streamFigures.map((f) => ({
        gateway: f.name,
        added_p50_ms: failedPeer(f) ? 'every request failed' : round(f.addedP50),
        p50_vs_floor: formatRatio(f.addedP50, floorStream.addedP50),
        p50_vs_peer: failedPeer(peerStream) ? '–' : formatRatio(f.addedP50, peerStream?.addedP50),
        added_p99_ms: failedPeer(f) ? undefined : round(f.addedP99),
        p99_vs_floor: formatRatio(f.addedP99, floorStream.addedP99),
        p99_vs_peer: failedPeer(peerStream) ? '–' : formatRatio(f.addedP99, peerStream?.addedP99),
        errors: f.errors,
      })),
    ];
    return [
      {
        scenario: 'peers: pass-through chat (OpenAI, non-streaming)',
        rows: chatRows,
        notes: [
          `rps: closed-loop saturation (autocannon, 32 connections); added_*: open loop at ${settings.rate} req/s, minus the direct path's; *_vs_floor and *_vs_peer: this row's figure over the floor's and over ${PEER_NAME}'s (a dash where the reference is at or below zero, i.e. lost in the noise)`,
          `every proxy on the gateway core, the load driver and the fake upstream on the other; ${settings.repeats} repeats, the targets taking turns sample by sample in an order that rotates each repeat; medians`,
          ...missingPeer,
        ],
        figures: {
          portcullisRps: portcullisChat.rps, floorRps: floorChat.rps, peerRps: peerChat?.rps, directRps,
          portcullisAddedP50: portcullisChat.addedP50, portcullisAddedP99: portcullisChat.addedP99,
          floorAddedP50: floorChat.addedP50, floorAddedP99: floorChat.addedP99,
          peerAddedP50: peerChat?.addedP50, peerAddedP99: peerChat?.addedP99,
        },
      },
      {
        scenario: 'peers: streaming, first content',
        rows: streamRows,
        notes: [
          `first content: time from a request's scheduled start to the first chunk of the answer's body (the first SSE event), open loop at ${streamRate} req/s, minus the direct path's`,
          ...(peer ? [`${PEER_NAME}'s streaming rows: a second instance whose HTTP server adapter keeps Node's global Response (bench/peer-node-server.mjs): as installed, every stream fails (500 "Something went wrong", "TypeError: immutable" in its log; its issue 1389); its non-streaming rows run it as installed`] : []),
          ...missingPeer,
        ],
        figures: { portcullisFirstContent: portcullisStream.addedP50, floorFirstContent: floorStream.addedP50, peerFirstContent: failedPeer(peerStream) ? undefined : peerStream?.addedP50 },
      },
    ];
  } finally {
    await Promise.all(started.map((p) => p.stop()));
  }
}
