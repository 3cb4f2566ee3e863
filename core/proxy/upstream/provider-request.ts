import type { WireFormat, WireFormatId } from '../../canonical/index.js';
import { UnsupportedFeatureError } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange, RouteTarget } from '../../pipeline/exchange.js';
import type { ProviderRequest } from '../../pipeline/hooks.js';
import { registryOption, type ProviderEntry } from '../../providers/types.js';
import { registryHeaders } from '../../providers/registry-headers.js';

export interface PreparedRequest {
  request: ProviderRequest;
  /** The format the upstream speaks for this call. */
  upstreamFormat: WireFormat;
  /** Client and upstream share a format: the body passes through with only routing fields rewritten. */
  passthrough: boolean;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** Which of the provider's chat formats serves this call, and its path template. */
function chatEndpoint(provider: ProviderEntry, clientFormat: WireFormatId): { format: WireFormatId; path: string } {
  const extra = provider.extra_formats?.[clientFormat];
  if (extra) return { format: clientFormat, path: extra };
  return { format: provider.format, path: provider.paths.chat ?? '' };
}

/**
 * Builds the upstream chat request for one target from catalog data: URL (path template,
 * deployment, Gemini action, query), auth and static headers, and the body (pass-through or
 * translated). A feature the upstream format cannot express is a 400 naming it.
 */
export function prepareChatRequest(ctx: Exchange, target: RouteTarget, formats: ReadonlyMap<string, WireFormat>): PreparedRequest {
  const { registry } = target;
  const provider = registry.provider;
  if (!provider) throw new GatewayError('no_capable_registry', { message: `registry ${registry.slug} has an unknown provider ${registry.providerId}` });
  const request = ctx.request!;
  const clientFormat = ctx.clientFormat!;
  const endpoint = chatEndpoint(provider, clientFormat);
  const upstreamFormat = formats.get(endpoint.format);
  if (!upstreamFormat) throw new GatewayError('internal_error', { message: `no adapter for ${endpoint.format}` });
  const passthrough = endpoint.format === clientFormat && !ctx.requestRewritten;
  // Features only the client's own format can serve are refused before any translation.
  const sameFormatOnly = endpoint.format === clientFormat ? undefined : request.same_format_only?.[0];
  if (sameFormatOnly) {
    throw new GatewayError('unsupported_feature', {
      message: `${sameFormatOnly.feature} cannot be sent to a ${endpoint.format} upstream: ${sameFormatOnly.reason}`,
      param: sameFormatOnly.feature,
    });
  }

  let body: Record<string, unknown>;
  try {
    body = passthrough
      ? upstreamFormat.passthroughRequest(ctx.incoming.body as Record<string, unknown>, target.model)
      : upstreamFormat.encodeRequest(request, target.model);
  } catch (err) {
    if (err instanceof UnsupportedFeatureError) throw new GatewayError('unsupported_feature', { message: err.message, param: err.feature });
    throw err;
  }

  const stream = request.stream;
  const values: Record<string, string> = {
    model: encodeURIComponent(target.model),
    deployment: encodeURIComponent(target.model),
    action: stream ? 'streamGenerateContent' : 'generateContent',
    api_version: registryOption(registry.options, provider, 'api_version') ?? '',
  };
  const query = new URLSearchParams();
  for (const [key, template] of Object.entries(provider.query ?? {})) query.set(key, fill(template, values));
  if (stream && endpoint.format === 'gemini') query.set('alt', 'sse');
  const qs = query.toString();
  const url = `${registry.baseUrl}${fill(endpoint.path, values)}${qs ? `?${qs}` : ''}`;

  const headers: Record<string, string> = { 'content-type': 'application/json', ...registryHeaders(registry) };
  if (stream) headers.accept = 'text/event-stream';
  return { request: { url, method: 'POST', headers, body, stream }, upstreamFormat, passthrough };
}
