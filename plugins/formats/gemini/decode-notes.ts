import type { SameFormatFeature } from '../../../core/plugin/index.js';

/**
 * What decoding a generateContent body learned besides the canonical request: the Gemini
 * features only a Gemini upstream can serve. They become `CanonicalRequest.same_format_only`.
 */
export class DecodeNotes {
  readonly sameFormatOnly: SameFormatFeature[] = [];

  /** Records a feature that a Gemini upstream can serve but no other format can express. */
  geminiOnly(feature: string, reason: string): void {
    this.sameFormatOnly.push({ feature, reason });
  }
}
