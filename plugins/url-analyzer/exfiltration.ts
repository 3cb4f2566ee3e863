/**
 * Exfiltration shapes: a URL that carries a long encoded payload (base64, hex, heavy
 * percent-encoding, or a long run of text) in its query, fragment or (base64 only) path, or a
 * template placeholder (`{conversation}`, `$SECRET`, `<DATA>`) an injected instruction asks the
 * model to fill in. How likely that is data leaving depends on where the URL stands: an image
 * is fetched on render with no click, a link needs a click, a bare URL needs a person to paste it.
 */
import type { UrlContext } from './url-candidates.js';

/** What kind of payload a URL carries. */
export type PayloadKind = 'base64' | 'hex' | 'percent' | 'text' | 'placeholder';

// Parameters that legitimately hold long opaque values: signatures, OAuth PKCE and state, ad
// click ids. Their values are not data a model could have put there.
const OPAQUE_PARAMS = /^(x-amz-.*|x-goog-.*|sig|signature|sv|se|sp|sr|st|skoid|sktid|ske|sks|skv|spr|hmac|code_challenge|code_verifier|state|nonce|client_id|fbclid|gclid|dclid|msclkid|yclid|mc_eid|_ga|_gl|utm_.*|v|ver|version|hash|integrity|etag|cache|cb|t|ts)$/i;

const PLACEHOLDER = /\{\{?\s*[\w.\- ]{1,40}\s*\}?\}|\$\{?[A-Z][A-Z0-9_]{2,}\}?|<[A-Za-z_][\w -]{1,40}>|\[(?:[A-Z][A-Z0-9_ ]{2,40})\]/;

/** Shannon entropy in bits per character. */
function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** The payload kind of one value as written in the URL (still percent-encoded), if it is one. */
function payloadKind(written: string, minLength: number): PayloadKind | undefined {
  // Base64 keeps its `+`; form-encoded text turns `+` into a space.
  const raw = decodeSafe(written);
  const text = decodeSafe(written.replace(/\+/g, ' '));
  if (PLACEHOLDER.test(text)) return 'placeholder';
  if (raw.length < minLength) return undefined;
  if (/^[0-9a-f]+$/i.test(raw) && raw.length >= Math.max(minLength, 40)) return 'hex';
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) && /[A-Z]/.test(raw) && /[a-z]/.test(raw) && /\d/.test(raw) && entropy(raw) >= 4) {
    return 'base64';
  }
  // A redirect target (`?next=%2Fdashboard`, `?continue=https%3A%2F%2F...`) is a URL, not a payload.
  if (/^(?:[a-z][\w+.-]*:\/\/|\/)\S*$/i.test(raw)) return undefined;
  if ((written.match(/%[0-9a-f]{2}/gi)?.length ?? 0) >= 6) return 'percent';
  if (text.length >= 2 * minLength && /\s/.test(text)) return 'text';
  return undefined;
}

/** Where a URL carries a payload, and what kind. */
export interface Payload {
  kind: PayloadKind;
  where: 'query' | 'fragment' | 'path';
}

/** Finds the payload a parsed URL carries, if any. */
export function findPayload(url: URL, minLength: number): Payload | undefined {
  for (const part of url.search.slice(1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = eq < 0 ? '' : decodeSafe(part.slice(0, eq));
    if (name && OPAQUE_PARAMS.test(name)) continue;
    const kind = payloadKind(eq < 0 ? part : part.slice(eq + 1), minLength);
    if (kind) return { kind, where: 'query' };
  }
  if (url.hash.length > 1) {
    const kind = payloadKind(url.hash.slice(1), minLength);
    if (kind === 'base64' || kind === 'placeholder' || kind === 'percent') return { kind, where: 'fragment' };
  }
  // Paths are full of hashes (commits, cache-busting file names, avatars): only long base64 or a
  // placeholder counts there.
  for (const segment of url.pathname.split('/')) {
    const kind = payloadKind(segment.replace(/\.(png|jpe?g|gif|svg|webp)$/i, ''), Math.max(minLength * 2, 80));
    if (kind === 'base64' || kind === 'placeholder') return { kind, where: 'path' };
  }
  return undefined;
}

function decodeSafe(s: string): string {
  // Without a `%` there is nothing to decode (and nothing to fail on).
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Confidence that a payload in this context is data leaving. */
export function exfiltrationConfidence(payload: Payload, context: UrlContext): number {
  const byContext: Record<UrlContext, number> = { autoload: 0.9, link: 0.6, bare: 0.4 };
  const base = byContext[context];
  if (payload.kind === 'placeholder') return base - 0.05;
  // Readable text in a link is common on its own (search links, share intents): below the
  // default threshold unless the link is fetched on render.
  if ((payload.kind === 'text' || payload.kind === 'percent') && context !== 'autoload') return base - 0.15;
  return base;
}
