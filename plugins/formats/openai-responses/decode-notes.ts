import type { SameFormatFeature } from '../../../core/plugin/index.js';

/**
 * What decoding a client body learned besides the canonical request: the features only an
 * OpenAI responses upstream can serve. They become `CanonicalRequest.same_format_only`.
 */
export class DecodeNotes {
  readonly sameFormatOnly: SameFormatFeature[] = [];

  /** Records a feature that a same-format upstream can serve but no other format can express. */
  sameFormat(feature: string, reason: string): void {
    this.sameFormatOnly.push({ feature, reason });
  }
}
