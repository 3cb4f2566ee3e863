/**
 * Runs a registry test: resolve, connect, tls, then the authenticated call (auth, request,
 * response). Every outcome is a ProbeResult; the first stage that fails ends the test there.
 */
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { WireFormat } from '../../../canonical/index.js';
import type { Egress } from '../../../http/egress-dispatcher.js';
import type { EgressPolicy } from '../../../http/egress-policy.js';
import { providerEntry } from '../../../providers/catalog.js';
import { credentialRefusal, listAllTools, mcpAuthHeaders, withMcpClient } from '../mcp-client.js';
import { connectTcp, handshakeTls, resolveHost } from './network-stages.js';
import { ProbeFailure, type ProbeResult, type ProbeStage } from './probe-result.js';
import { planUpstreamCall, runUpstreamCall, type UpstreamCall } from './upstream-call.js';

/** A registry (stored or inline candidate) with its key opened. */
export interface ProbeSubject {
  type: 'LLM' | 'MCP';
  provider: string;
  base_url?: string;
  apiKey?: string;
  header?: string;
  options?: { api_version?: string; deployments?: Record<string, string> };
  models?: string[];
}

/** Where an MCP client error happened. */
function mcpStage(err: unknown): ProbeFailure {
  if (err instanceof ProbeFailure) return err;
  const refused = credentialRefusal(err);
  if (refused) return new ProbeFailure('auth', `the MCP server refused the gateway's credential (${refused})`, refused);
  if (err instanceof StreamableHTTPError) {
    const status = err.code;
    if (status !== undefined && status > 0) return new ProbeFailure('request', `the MCP server answered ${status}`, status);
    return new ProbeFailure('response', `the MCP server's answer is malformed: ${err.message}`);
  }
  if (err instanceof TypeError) return new ProbeFailure('request', `the request failed: ${(err.cause as Error | undefined)?.message ?? err.message}`);
  return new ProbeFailure('response', `the MCP server's answer is malformed: ${(err as Error).message}`);
}

async function networkStages(url: URL, policy: EgressPolicy): Promise<void> {
  const address = await resolveHost(url.hostname, policy);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  await connectTcp(address, port);
  if (url.protocol === 'https:') await handshakeTls(address, port, url.hostname.replace(/^\[|\]$/g, ''));
}

async function probe(subject: ProbeSubject, formats: ReadonlyMap<string, WireFormat>, egress: Egress, seen: { url?: string }): Promise<{ message: string; status?: number; url: string }> {
  if (subject.type === 'MCP') {
    const url = new URL(subject.base_url ?? '');
    seen.url = url.href;
    await networkStages(url, egress.policy);
    try {
      const tools = await withMcpClient(url.href, mcpAuthHeaders(subject.apiKey, subject.header), egress.dispatcher, listAllTools);
      return { message: `the MCP server answered with ${tools.length} tools`, url: url.href };
    } catch (err) {
      throw mcpStage(err);
    }
  }
  const provider = providerEntry(subject.provider);
  if (!provider) throw new ProbeFailure('resolve', `unknown provider ${subject.provider}`);
  const call: UpstreamCall = planUpstreamCall(
    {
      provider,
      baseUrl: (subject.base_url ?? provider.base_url ?? '').replace(/\/+$/, ''),
      apiKey: subject.apiKey,
      header: subject.header,
      options: subject.options ?? {},
      models: subject.models ?? [],
    },
    formats,
  );
  seen.url = call.url;
  await networkStages(new URL(call.url), egress.policy);
  const { status } = await runUpstreamCall(call, egress.dispatcher);
  return { message: `the upstream answered ${status} with a well-formed answer`, status, url: call.url };
}

/** Tests a registry, every connection under the egress policy; never throws. */
export async function runRegistryProbe(subject: ProbeSubject, formats: ReadonlyMap<string, WireFormat>, egress: Egress): Promise<ProbeResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const seen: { url?: string } = {};
  try {
    const passed = await probe(subject, formats, egress, seen);
    return { ok: true, stage: 'response', ...passed, latency_ms: elapsed() };
  } catch (err) {
    const failure = err instanceof ProbeFailure ? err : new ProbeFailure('request' as ProbeStage, (err as Error).message);
    const result: ProbeResult = { ok: false, stage: failure.stage, message: failure.message, latency_ms: elapsed() };
    if (failure.status !== undefined) result.status = failure.status;
    if (seen.url) result.url = seen.url;
    return result;
  }
}
