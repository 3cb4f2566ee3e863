/** Case and accent folding for looking words up in the name and place lists. */

/** `Jožef` -> `jozef`, `KØBENHAVN` -> `kobenhavn`: lower case, marks and ligature strokes removed. */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øœæßðþłđı]/g, (c) => FOLD[c] ?? c);
}

const FOLD: Record<string, string> = { ø: 'o', œ: 'oe', æ: 'ae', ß: 'ss', ð: 'd', þ: 'th', ł: 'l', đ: 'd', ı: 'i' };
