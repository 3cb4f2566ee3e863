/** The admin API's records as the console reads them (docs/admin-api.md has every field). */

export interface RecordBase {
  id: string;
  created_at?: string;
  updated_at?: string;
}

export interface Entitlements {
  tier: 'free' | 'team' | 'enterprise';
  caps: Record<string, number>;
  max_instances: number;
}

export interface Gateway extends RecordBase {
  slug: string;
  name?: string;
  tenant_id: string;
  entitlements?: Entitlements;
}
