/**
 * The upstream request of a non-chat call to one target, built from catalog data: the path
 * template of the operation (`{deployment}`, `{model}`, `{op}`, `{id}`), the provider's query
 * (`api-version` on the cloud-hosted variant), auth, static and per-operation headers.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { RouteTarget } from '../../pipeline/exchange.js';
import type { ProviderRequest } from '../../pipeline/hooks.js';
import { registryHeaders } from '../../providers/registry-headers.js';
import { operationHeaders, registryOption, type Capability } from '../../providers/types.js';

/** What to call: the operation and the parts of its path and query. */
export interface OperationTarget {
  capability: Capability;
  method: string;
  /** `{op}`: `generations`, `edits`, `speech`, ... */
  op?: string;
  /** Files: the upstream file id, appended as a path segment unless the template places `{id}`. */
  id?: string;
  /** Appended after the id (`/content`). */
  tail?: string;
  /** Client query parameters passed through (the files list). */
  query?: Record<string, string>;
  /** Content-Type of the body sent, if any. */
  contentType?: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** The upstream request (URL, method, headers) for `target`; the body is set by the caller. */
export function operationRequest(target: RouteTarget, what: OperationTarget): ProviderRequest {
  const { registry } = target;
  const provider = registry.provider;
  const template = provider?.paths[what.capability];
  if (!provider || template === undefined) {
    throw new GatewayError('no_capable_registry', { message: `registry ${registry.slug} has no ${what.capability} endpoint in the provider catalog` });
  }
  const values: Record<string, string> = {
    model: encodeURIComponent(target.model),
    deployment: encodeURIComponent(target.model),
    op: what.op ?? '',
    id: encodeURIComponent(what.id ?? ''),
    api_version: registryOption(registry.options, provider, 'api_version') ?? '',
  };
  let path = fill(template, values);
  if (what.id !== undefined && !template.includes('{id}')) path += `/${values.id}`;
  path += what.tail ?? '';
  const query = new URLSearchParams(what.query);
  for (const [key, value] of Object.entries(provider.query ?? {})) query.set(key, fill(value, values));
  const qs = query.toString();

  const headers: Record<string, string> = { ...registryHeaders(registry), ...operationHeaders(provider, what.capability) };
  if (what.contentType) headers['content-type'] = what.contentType;
  return { url: `${registry.baseUrl}${path}${qs ? `?${qs}` : ''}`, method: what.method, headers, body: {}, stream: false };
}
