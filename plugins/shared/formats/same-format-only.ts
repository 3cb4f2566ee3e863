import { type CanonicalRequest, UnsupportedFeatureError, type WireFormatId } from '../../../core/plugin/index.js';

/**
 * Refuses to encode a request that carries features only its source format can serve
 * (`same_format_only`): only the client's original body, passed through, can carry them.
 */
export function refuseSameFormatOnly(request: CanonicalRequest, target: WireFormatId): void {
  const first = request.same_format_only?.[0];
  if (first) throw new UnsupportedFeatureError(first.feature, target, `${first.reason}; only the client's original body can carry it`);
}
