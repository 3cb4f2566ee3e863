/**
 * The active health check of an MCP registry: an MCP handshake (`initialize`, then `ping`) with
 * the registry's own credential, through the official SDK client over Streamable HTTP. An MCP
 * server has no model list to GET, and answering HTTP is not serving MCP: the check passes
 * only when the handshake and the ping complete within `timeout_ms`. A server that refuses the
 * gateway's credential fails it too, since the gateway could call none of its tools. A session
 * the server opened is ended at once (`DELETE`), so checks leave no sessions behind upstream.
 */
import type { Dispatcher } from 'undici';
import { mcpClient } from '../../admin/registries/mcp-client.js';
import { registryHeaders } from '../../providers/registry-headers.js';
import type { RegistryView } from '../../snapshot/views.js';
import type { HealthCheckSettings } from '../routing/routing-settings.js';

/** Resolves with `work`'s outcome, or rejects once `ms` have passed. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs one MCP check of `registry` (its base URL is the server's endpoint); resolves true when it passed. Never rejects. */
export async function probeMcp(registry: RegistryView, settings: HealthCheckSettings, dispatcher: Dispatcher): Promise<boolean> {
  const { client, transport } = mcpClient(registry.baseUrl, registryHeaders(registry), dispatcher, 'portcullis-health-check');
  const options = { timeout: settings.timeout_ms, signal: AbortSignal.timeout(settings.timeout_ms) };
  try {
    await within(
      (async () => {
        await client.connect(transport, options);
        await client.ping(options);
      })(),
      settings.timeout_ms,
    );
    return true;
  } catch {
    return false;
  } finally {
    if (transport.sessionId) await within(transport.terminateSession(), settings.timeout_ms).catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}
