/**
 * Look-alike domains of protected brands: confusable characters (Cyrillic "а" for Latin "a",
 * "0" for "o", "rn" for "m"), one typing slip from the brand (edit distance 1, for brand
 * names of six letters or more, since shorter names sit one letter from ordinary words), the
 * brand as one hyphenated part of another name (`paypal-login.com`), and a protected domain
 * worn as a subdomain (`paypal.com.account-check.io`).
 */
import { domainToUnicode } from 'node:url';
import { endsWithLabels, matchDomain, registrableDomain, splitRegistrable, startsWithLabels } from './domain-names.js';

/** Characters drawn like a Latin letter (a selection from Unicode's confusables.txt). */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  'а': 'a', 'в': 'b', 'с': 'c', 'ԁ': 'd', 'е': 'e', 'ё': 'e', 'һ': 'h', 'і': 'i', 'ї': 'i', 'ј': 'j', 'к': 'k',
  'ӏ': 'l', 'м': 'm', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'г': 'r', 'ѕ': 's', 'т': 't', 'ц': 'u', 'ѵ': 'v',
  'ԝ': 'w', 'х': 'x', 'у': 'y', 'ү': 'y', 'ʏ': 'y', 'ь': 'b', 'п': 'n',
  // Greek
  'α': 'a', 'β': 'b', 'ε': 'e', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'u',
  'χ': 'x', 'γ': 'y', 'ω': 'w', 'μ': 'u',
  // Armenian and Latin look-alikes
  'օ': 'o', 'ս': 'u', 'զ': 'q', 'ց': 'g', 'հ': 'h', 'ո': 'n', 'ɑ': 'a', 'ɡ': 'g', 'ı': 'i', 'ȷ': 'j', 'ɩ': 'i',
  'ℓ': 'l', 'ø': 'o', 'đ': 'd', 'ħ': 'h', 'ł': 'l', 'ŀ': 'l', 'ƅ': 'b', 'ɢ': 'g',
  // Digits drawn like letters
  '0': 'o', '1': 'l', '5': 's', '|': 'l',
};

const NON_ASCII = /[^\x00-\x7F]/;
const ASCII_CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLE).filter((ch) => ch < '\x80').join('').replace(/[\]\\^-]/g, '\\$&')}]`, 'g');

/** The skeleton of a label: what it looks like, so look-alikes of a name share its skeleton. */
export function skeleton(label: string): string {
  let out: string;
  if (NON_ASCII.test(label)) {
    const base = label.toLowerCase().normalize('NFKD').replace(/\p{M}+/gu, '');
    out = '';
    for (const ch of base) out += CONFUSABLE[ch] ?? ch;
  } else {
    // ASCII has no marks or compatibility forms; of its characters only these are confusable.
    out = label.toLowerCase().replace(ASCII_CONFUSABLE, (ch) => CONFUSABLE[ch]);
  }
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** True when `a` from `i` on equals `b` from `j` on. */
function sameTail(a: string, i: number, b: string, j: number): boolean {
  if (a.length - i !== b.length - j) return false;
  for (; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/** 0 when equal, 1 when one substitution, insertion, deletion or adjacent swap apart, else 2. */
function oneEditApart(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 1) return 2;
  const long = a.length >= b.length ? a : b;
  const short = long === a ? b : a;
  let i = 0;
  while (i < short.length && long.charCodeAt(i) === short.charCodeAt(i)) i++;
  if (long.length !== short.length) return sameTail(long, i + 1, short, i) ? 1 : 2;
  if (sameTail(long, i + 1, short, i + 1)) return 1;
  return i + 1 < long.length && long[i] === short[i + 1] && long[i + 1] === short[i] && sameTail(long, i + 2, short, i + 2) ? 1 : 2;
}

/** Optimal-string-alignment distance, capped: returns `cap + 1` as soon as it is exceeded. */
export function editDistance(a: string, b: string, cap = 1): number {
  // Within one edit the distance is read off the first difference, with no table.
  if (cap === 1) return oneEditApart(a, b);
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
    rows.push(row);
  }
  return rows[a.length][b.length];
}

/** How a host imitates a protected domain. */
export type LookalikeKind = 'confusable' | 'typo' | 'subdomain' | 'combo';

/** A look-alike verdict: which protected domain, how, and how sure. */
export interface Lookalike {
  protectedDomain: string;
  kind: LookalikeKind;
  confidence: number;
}

const CONFIDENCE: Record<LookalikeKind, number> = { confusable: 0.9, subdomain: 0.85, typo: 0.75, combo: 0.6 };
const MIN_TYPO_LENGTH = 6;

/** Protected domains prepared once. */
export interface ProtectedBrand {
  domain: string;
  label: string;
  skeleton: string;
}

/** Prepares the protected list (normalised domains). */
export function prepareBrands(domains: readonly string[]): ProtectedBrand[] {
  return domains.map((domain) => {
    const [label] = splitRegistrable(registrableDomain(domain));
    return { domain, label, skeleton: skeleton(label) };
  });
}

/** The strongest way `host` (ASCII, lower case) imitates a protected brand, if it does. */
export function findLookalike(host: string, brands: readonly ProtectedBrand[]): Lookalike | undefined {
  if (matchDomain(host, brands.map((b) => b.domain))) return undefined;
  const registrable = registrableDomain(host);
  const [label] = splitRegistrable(registrable);
  const [unicodeLabel] = splitRegistrable(domainToUnicode(registrable) || registrable);
  const labelSkeleton = skeleton(unicodeLabel);
  const subdomain = host.slice(0, Math.max(0, host.length - registrable.length - 1));
  const tokens = label.split('-');

  let best: Lookalike | undefined;
  const consider = (brand: ProtectedBrand, kind: LookalikeKind) => {
    if (!best || CONFIDENCE[kind] > best.confidence) best = { protectedDomain: brand.domain, kind, confidence: CONFIDENCE[kind] };
  };
  for (const brand of brands) {
    // The same name under another suffix (amazon.co.uk, google.de) is usually the brand's own.
    if (unicodeLabel === brand.label) continue;
    if (labelSkeleton === brand.skeleton) consider(brand, 'confusable');
    else if (brand.label.length >= MIN_TYPO_LENGTH && editDistance(unicodeLabel, brand.label) === 1) consider(brand, 'typo');
    if (subdomain === brand.domain || endsWithLabels(subdomain, brand.domain) || startsWithLabels(subdomain, brand.domain)) consider(brand, 'subdomain');
    if (tokens.length > 1 && tokens.includes(brand.label)) consider(brand, 'combo');
  }
  return best;
}

/** True when a label mixes Latin letters with letters of another script (a homograph sign). */
export function mixesScripts(label: string): boolean {
  const latin = /\p{Script=Latin}/u.test(label);
  const other = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u.test(label);
  return latin && other;
}
