/**
 * Maps a complexity tier to the model reference the consumer configured for it
 * (`load_balancing.tiers`). A tier left out borrows its nearest neighbour, preferring the
 * stronger one, so a Hard prompt is never sent to the Simple model while another is configured.
 */
import type { Tier } from './complexity-tier.js';

/** `load_balancing.tiers`: a model reference per tier. */
export type TierReferences = Partial<Record<Tier, string>>;

const PREFERENCE: Record<Tier, readonly Tier[]> = {
  simple: ['simple', 'medium', 'hard'],
  medium: ['medium', 'hard', 'simple'],
  hard: ['hard', 'medium', 'simple'],
};

/** The reference for `tier`, or undefined when no tier has one. */
export function tierReference(tiers: TierReferences | undefined, tier: Tier): string | undefined {
  if (!tiers) return undefined;
  for (const t of PREFERENCE[tier]) if (tiers[t]) return tiers[t];
  return undefined;
}
