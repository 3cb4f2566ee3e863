/**
 * The highest rate a probe passes at, found in few probes: from `start`, the rate doubles while
 * it passes (or halves while it fails, down to an eighth of `start`), then the gap between the
 * highest passing and the lowest failing rate is halved until it is within `precision` of the
 * passing one. The probe is a load run, so every probe is seconds: `maxProbes` bounds them.
 * The answer is always a rate that was probed and passed (or undefined when none did).
 */

export interface RateSearchOptions {
  /** First rate probed, requests per second. */
  start: number;
  /** No rate above this is probed; passing it ends the search (`capped`). */
  max: number;
  /** Stop when (lowest failing - highest passing) <= precision * highest passing. */
  precision: number;
  maxProbes: number;
  /** Runs load at `rate` and says whether the result stays within what is allowed. */
  passes(rate: number): Promise<boolean>;
}

export interface RateSearchResult {
  /** The highest rate that passed, or undefined when none did. */
  rate: number | undefined;
  /** The lowest rate that failed, when one did. */
  ceiling: number | undefined;
  /** True when `max` itself passed: the real limit is higher. */
  capped: boolean;
  probes: Array<{ rate: number; passed: boolean }>;
}

export async function searchRate(options: RateSearchOptions): Promise<RateSearchResult> {
  const probes: RateSearchResult['probes'] = [];
  let passing: number | undefined;
  let failing: number | undefined;
  const probe = async (rate: number) => {
    const passed = await options.passes(rate);
    probes.push({ rate, passed });
    if (passed) passing = rate;
    else failing = rate;
    return passed;
  };
  const floor = options.start / 8;
  const budgetLeft = () => probes.length < options.maxProbes;

  // Bracket: grow from a passing start, or shrink from a failing one.
  let rate = Math.min(options.start, options.max);
  if (await probe(rate)) {
    while (budgetLeft() && rate < options.max && failing === undefined) {
      rate = Math.min(options.max, rate * 2);
      await probe(rate);
    }
  } else {
    while (budgetLeft() && passing === undefined && rate / 2 >= floor) {
      rate = Math.round(rate / 2);
      await probe(rate);
    }
  }
  if (passing === undefined) return { rate: undefined, ceiling: failing, capped: false, probes };
  if (failing === undefined) return { rate: passing, ceiling: undefined, capped: passing >= options.max, probes };

  // Narrow: halve the gap, on whole requests per second.
  while (budgetLeft() && failing - passing > options.precision * passing) {
    const middle = Math.round((passing + failing) / 2);
    if (middle === passing || middle === failing) break;
    await probe(middle);
  }
  return { rate: passing, ceiling: failing, capped: false, probes };
}
