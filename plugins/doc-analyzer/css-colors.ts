/**
 * Just enough CSS (and Office) colour parsing to tell text drawn in its background's colour:
 * hex, rgb()/rgba(), hsl() and the named colours that matter (white, black, near-white greys).
 */

/** An RGBA colour, channels 0..255, alpha 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NAMED: Record<string, Rgba> = {
  white: { r: 255, g: 255, b: 255, a: 1 },
  black: { r: 0, g: 0, b: 0, a: 1 },
  transparent: { r: 0, g: 0, b: 0, a: 0 },
  snow: { r: 255, g: 250, b: 250, a: 1 },
  ivory: { r: 255, g: 255, b: 240, a: 1 },
  whitesmoke: { r: 245, g: 245, b: 245, a: 1 },
  ghostwhite: { r: 248, g: 248, b: 255, a: 1 },
  red: { r: 255, g: 0, b: 0, a: 1 },
  blue: { r: 0, g: 0, b: 255, a: 1 },
  navy: { r: 0, g: 0, b: 128, a: 1 },
  gray: { r: 128, g: 128, b: 128, a: 1 },
  grey: { r: 128, g: 128, b: 128, a: 1 },
  silver: { r: 192, g: 192, b: 192, a: 1 },
  yellow: { r: 255, g: 255, b: 0, a: 1 },
  green: { r: 0, g: 128, b: 0, a: 1 },
};

/** White, the default page background. */
export const WHITE: Rgba = NAMED.white;

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** Parses a CSS colour, or a bare 6-digit hex as Word writes it (`FFFFFF`). */
export function parseColor(value: string): Rgba | undefined {
  const v = value.trim().toLowerCase().replace(/\s*!important$/, '');
  if (NAMED[v]) return NAMED[v];
  let m = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(v);
  if (m && (v.startsWith('#') || m[1].length === 6)) {
    let hex = m[1];
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? n(6) / 255 : 1 };
  }
  m = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(v);
  if (m) {
    const ch = (s: string) => (s.endsWith('%') ? (parseFloat(s) * 255) / 100 : parseFloat(s));
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return { r: ch(m[1]), g: ch(m[2]), b: ch(m[3]), a: alpha };
  }
  m = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(v);
  if (m) {
    const [r, g, b] = hslToRgb(parseFloat(m[1]), parseFloat(m[2]) / 100, parseFloat(m[3]) / 100);
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return { r, g, b, a: alpha };
  }
  return undefined;
}

/** True when text of colour `fg` can hardly be told from background `bg` (or is transparent). */
export function indistinguishable(fg: Rgba, bg: Rgba): boolean {
  if (fg.a <= 0.05) return true;
  const distance = Math.abs(fg.r - bg.r) + Math.abs(fg.g - bg.g) + Math.abs(fg.b - bg.b);
  return distance <= 24;
}
