/**
 * Tenant entitlements: tier, caps and the maximum number of gateways (instances) the tenant may
 * own. They are stamped by a platform admin and are tenant-wide: every gateway of a tenant
 * carries the same value, so a change is written to all of them in the same batch.
 */
import { GatewayError } from '../../errors/gateway-error.js';
import type { GatewayRecord } from '../../records/types.js';

/** A stamped entitlement set (every field present). */
export type Entitlements = NonNullable<GatewayRecord['entitlements']> & { caps: Record<string, number>; max_instances: number };

/** Tiers, lowest first. */
const TIERS = ['free', 'team', 'enterprise'] as const;

/** What a tenant without stamped entitlements gets: one gateway on the free tier. */
const DEFAULT_ENTITLEMENTS: Entitlements = Object.freeze({ tier: 'free', caps: {}, max_instances: 1 }) as Entitlements;

/** The tenant's current entitlements: those of its most recently updated gateway. */
export function tenantEntitlements(gateways: readonly GatewayRecord[]): Entitlements {
  const latest = [...gateways].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
  return (latest?.entitlements as Entitlements | undefined) ?? DEFAULT_ENTITLEMENTS;
}

/** Whether `to` is a lower tier than `from`. */
export const isDowngrade = (from: Entitlements, to: Entitlements): boolean => TIERS.indexOf(to.tier) < TIERS.indexOf(from.tier);

/** 409 when the tenant would own more gateways than `entitlements` allow. */
export function checkInstances(owned: number, entitlements: Entitlements, change: string): void {
  if (owned > entitlements.max_instances) {
    throw new GatewayError('conflict', {
      message: `${change} leaves the tenant with ${owned} gateways, over its maximum of ${entitlements.max_instances} (${entitlements.tier} tier)`,
    });
  }
}
