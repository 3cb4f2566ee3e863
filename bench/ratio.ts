/** How a figure is printed beside a reference (a peer, the floor): a ratio or a share. */

const usable = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x);

/**
 * `value / reference` as `0.75×`: two decimals, more below 0.01 so a small ratio stays readable.
 * A dash where the ratio means nothing: a missing figure, a reference at or below zero (an added
 * latency lost in the noise), or a negative value.
 */
export function formatRatio(value: number | undefined, reference: number | undefined): string {
  if (!usable(value) || !usable(reference) || reference <= 0 || value < 0) return '–';
  const ratio = value / reference;
  return `${ratio >= 0.01 || ratio === 0 ? ratio.toFixed(2) : Number(ratio.toPrecision(1)).toString()}×`;
}

/** `value / reference` as a percentage with one decimal (`48.7%`), or a dash as formatRatio. */
export function formatPercent(value: number | undefined, reference: number | undefined): string {
  if (!usable(value) || !usable(reference) || reference <= 0 || value < 0) return '–';
  return `${((100 * value) / reference).toFixed(1)}%`;
}
