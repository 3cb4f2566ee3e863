/**
 * The plugin's behaviour, kept apart from its definition so it can be unit-tested with a fake kit.
 * Only types come from Portcullis here.
 */
import type { Exchange, PluginKit, ProviderRequest, Rejection } from 'portcullis/plugin';
import type { RequestTaggerSettings } from './config.js';

/** `admit`: refuse requests missing the required header; queue the response headers. */
export function admit(kit: PluginKit<RequestTaggerSettings>, ctx: Exchange): Rejection | undefined {
  const settings = kit.config(ctx);
  const required = settings.require_client_header?.toLowerCase();
  if (required && ctx.incoming.headers[required] === undefined) {
    return kit.reject('invalid_request', { message: `header ${settings.require_client_header} is required`, param: settings.require_client_header });
  }
  for (const [name, value] of Object.entries(settings.response_headers ?? {})) ctx.responseHeaders[name.toLowerCase()] = value;
  return undefined;
}

/** `beforeAttempt`: add the configured headers to the upstream request. */
export function tagUpstream(kit: PluginKit<RequestTaggerSettings>, request: ProviderRequest, ctx: Exchange): void {
  for (const [name, value] of Object.entries(kit.config(ctx).upstream_headers ?? {})) request.headers[name.toLowerCase()] = value;
}
