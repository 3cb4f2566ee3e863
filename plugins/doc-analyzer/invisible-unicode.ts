/**
 * Invisible and format Unicode characters. Some have honest uses that are left alone: the
 * zero-width joiner inside emoji sequences, joiners next to letters of scripts that need them
 * (Arabic, Persian, Indic), one variation selector after a character, and tag characters inside
 * a subdivision-flag emoji. What remains is counted by class, and the two encodings that
 * smuggle whole texts are decoded: tag characters spelling ASCII ("ASCII smuggling"), and runs
 * of variation selectors carrying one byte each.
 */

/** Classes of invisible characters reported as entities of `doc.invisible_chars`. */
export type InvisibleClass = 'zero_width' | 'bidi_control' | 'tag_characters' | 'variation_selector_payload' | 'filler';

/** What one text holds. */
export interface InvisibleScan {
  counts: Partial<Record<InvisibleClass, number>>;
  /** Texts decoded from tag characters or variation-selector runs. */
  smuggled: Array<{ technique: 'unicode_tags' | 'variation_selectors'; text: string }>;
}

const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x180e]);
const BIDI = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
const FILLERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x2800]);
const JOINER_SCRIPTS = /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Thai}\p{Script=Tibetan}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const BLACK_FLAG = 0x1f3f4;

/**
 * Any code unit the scan below counts or decodes: zero-width, bidi and filler characters, BMP
 * variation selectors, and the high surrogate of tag characters (U+E0000-E007F) and of the
 * supplementary variation selectors (U+E0100-E01EF). A text without one is left at once: most
 * texts, whose every character the scan would otherwise copy out one by one.
 */
const MAY_HOLD_INVISIBLE = /[\u115f\u1160\u180e\u200b-\u200d\u202a-\u202e\u2060-\u2064\u2066-\u2069\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0]|\udb40[\udc00-\udc7f\udd00-\uddef]/;

const isVariationSelector = (cp: number) => (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef);
const variationByte = (cp: number) => (cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16);

/** Scans a text for invisible characters and smuggled payloads. */
export function scanInvisible(text: string): InvisibleScan {
  return MAY_HOLD_INVISIBLE.test(text) ? scanEveryCharacter(text) : { counts: {}, smuggled: [] };
}

/** The scan itself, character by character: scanInvisible without its first test. */
export function scanEveryCharacter(text: string): InvisibleScan {
  const counts: InvisibleScan['counts'] = {};
  const smuggled: InvisibleScan['smuggled'] = [];
  const bump = (k: InvisibleClass, n = 1) => (counts[k] = (counts[k] ?? 0) + n);
  const chars = Array.from(text);
  let tagRun = '';
  let inFlag = false;
  const flushTags = () => {
    if (tagRun.trim()) smuggled.push({ technique: 'unicode_tags', text: tagRun });
    tagRun = '';
  };

  for (let i = 0; i < chars.length; i++) {
    const cp = chars[i].codePointAt(0)!;
    if (cp === BLACK_FLAG) inFlag = true;
    if (cp >= 0xe0000 && cp <= 0xe007f) {
      // 🏴 + tag letters + cancel tag is a subdivision flag (Scotland, Wales), not smuggling.
      if (inFlag) {
        if (cp === 0xe007f) inFlag = false;
        continue;
      }
      bump('tag_characters');
      if (cp >= 0xe0020 && cp <= 0xe007e) tagRun += String.fromCharCode(cp - 0xe0000);
      continue;
    }
    if (cp !== BLACK_FLAG) inFlag = false;
    flushTags();

    if (isVariationSelector(cp)) {
      let j = i;
      const bytes: number[] = [];
      while (j < chars.length && isVariationSelector(chars[j].codePointAt(0)!)) bytes.push(variationByte(chars[j++].codePointAt(0)!));
      // One selector picks a glyph variant; a run of them is data.
      if (bytes.length >= 4) {
        bump('variation_selector_payload', bytes.length);
        const decoded = Buffer.from(bytes).toString('utf8');
        if (decoded.trim()) smuggled.push({ technique: 'variation_selectors', text: decoded });
      }
      i = j - 1;
      continue;
    }
    if (ZERO_WIDTH.has(cp)) {
      if (cp === 0xfeff && i === 0) continue;
      const before = chars[i - 1] ?? '';
      const after = chars[i + 1] ?? '';
      if (cp === 0x200d && PICTOGRAPH.test(before) && PICTOGRAPH.test(after)) continue;
      if ((cp === 0x200c || cp === 0x200d) && (JOINER_SCRIPTS.test(before) || JOINER_SCRIPTS.test(after))) continue;
      bump('zero_width');
    } else if (BIDI.has(cp)) bump('bidi_control');
    else if (FILLERS.has(cp)) bump('filler');
  }
  flushTags();
  return { counts, smuggled };
}

/** Confidence that the invisible characters found are an attempt to hide something. */
export function invisibleConfidence(counts: InvisibleScan['counts']): number {
  let confidence = 0;
  if (counts.tag_characters) confidence = Math.max(confidence, 0.9);
  if (counts.variation_selector_payload) confidence = Math.max(confidence, 0.85);
  const zw = counts.zero_width ?? 0;
  if (zw >= 10) confidence = Math.max(confidence, 0.6);
  else if (zw >= 3) confidence = Math.max(confidence, 0.4);
  else if (zw > 0) confidence = Math.max(confidence, 0.2);
  // Bidi controls have honest uses in right-to-left text; overrides next to code are "Trojan Source".
  if (counts.bidi_control) confidence = Math.max(confidence, counts.bidi_control >= 3 ? 0.55 : 0.4);
  if (counts.filler) confidence = Math.max(confidence, counts.filler >= 3 ? 0.6 : 0.3);
  return confidence;
}
