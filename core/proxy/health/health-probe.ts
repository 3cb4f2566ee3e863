/**
 * One active health check of a registry. An LLM registry: a GET of the check path (the
 * provider's model list by default) with the registry's own credentials; any answer below 500
 * within the timeout passes: the upstream is reachable and serving, even if it refuses this
 * particular path. An MCP registry: an MCP handshake and ping (mcp-health-probe.ts).
 */
import { request, type Dispatcher } from 'undici';
import type { RegistryView } from '../../snapshot/views.js';
import { registryHeaders } from '../../providers/registry-headers.js';
import type { HealthCheckSettings } from '../routing/routing-settings.js';
import { probeMcp } from './mcp-health-probe.js';

/** The URL a registry's health check calls. */
function probeUrl(registry: RegistryView, settings: HealthCheckSettings): string {
  const catalogPath = registry.provider?.paths.models;
  const path = settings.path ?? (catalogPath && !catalogPath.includes('{') ? catalogPath : '');
  return `${registry.baseUrl}${path}`;
}

/** Runs one check; resolves true when it passed. Never rejects. */
export async function probe(registry: RegistryView, settings: HealthCheckSettings, dispatcher: Dispatcher): Promise<boolean> {
  if (registry.type === 'MCP') return probeMcp(registry, settings, dispatcher);
  const headers = registryHeaders(registry);
  try {
    const answer = await request(probeUrl(registry, settings), {
      method: 'GET',
      headers,
      dispatcher,
      headersTimeout: settings.timeout_ms,
      bodyTimeout: settings.timeout_ms,
      signal: AbortSignal.timeout(settings.timeout_ms),
    });
    await answer.body.dump();
    return answer.statusCode < 500;
  } catch {
    return false;
  }
}
