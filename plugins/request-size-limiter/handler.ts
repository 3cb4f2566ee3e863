import type { Exchange, PluginKit, Rejection } from '../../core/plugin/index.js';
import { payloadBytes, promptCharacters } from './measure.js';
import type { RequestSizeLimiterSettings } from './settings.js';

/** `admit`: refuses with 413 a body over `max_bytes` or a prompt over `max_characters`, naming the limit. */
export function admitSize(kit: PluginKit<RequestSizeLimiterSettings>, ctx: Exchange): Rejection | undefined {
  const settings = kit.config(ctx);
  if (settings.max_bytes !== undefined) {
    const bytes = payloadBytes(ctx);
    if (bytes > settings.max_bytes) {
      return kit.reject('payload_too_large', {
        message: `request body is ${bytes} bytes, over the limit of ${settings.max_bytes} bytes (request_size_limiter max_bytes)`,
      });
    }
  }
  if (settings.max_characters !== undefined && ctx.request) {
    const characters = promptCharacters(ctx.request.messages);
    if (characters > settings.max_characters) {
      return kit.reject('payload_too_large', {
        message: `prompt is ${characters} characters, over the limit of ${settings.max_characters} characters (request_size_limiter max_characters)`,
        param: 'messages',
      });
    }
  }
  return undefined;
}
