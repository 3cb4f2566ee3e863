/**
 * One running gateway for an admin test file: an in-memory log, tokens for a platform admin
 * and two tenants, and recording admin clients. `close()` also checks that no log line holds a
 * registered secret.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { hashKey } from '../../../../core/security/api-keys.js';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from '../../../../core/testing/index.js';
import { AdminClient, SecretList } from './admin-client.js';
import { memoryLog, type MemoryLog } from './memory-log.js';
import { OpenApiValidator } from './openapi-validator.js';

/** The test plugin that records its stages (a policy type for policy tests). */
export const STAGE_RECORDER = fileURLToPath(new URL('../../../fixtures/plugins/stage-recorder', import.meta.url));

export const ENTITLEMENTS = { tier: 'team', caps: { requests_per_minute: 6000 }, max_instances: 5 } as const;

export interface AdminHarness {
  gateway: TestGateway;
  logs: MemoryLog;
  secrets: SecretList;
  /** Platform admin. */
  platform: AdminClient;
  /** Tenant admins of `tenant-a` and `tenant-b`. */
  tenantA: AdminClient;
  tenantB: AdminClient;
  /** A recording client for a tenant admin of `tenantId`. */
  tenant(tenantId: string): Promise<AdminClient>;
  /** No token at all. */
  anonymous: AdminClient;
  /** A gateway owned by `tenant-a`, created through the API. */
  newGateway(fields?: Record<string, unknown>): Promise<{ id: string; slug: string }>;
  /** Registers an `ag_` key (and its hash) as a secret once its creation response has been read. */
  rememberKey(key: string): void;
  /** Log lines holding a registered secret (must stay empty). */
  leakedInLogs(): string[];
  close(): Promise<void>;
}

export async function startAdminHarness(options: TestGatewayOptions = {}): Promise<AdminHarness> {
  const logs = memoryLog();
  const gateway = await createTestGateway({ log: logs.log, ...options });
  const document = (await (await fetch(`${gateway.urls.admin}/v1/openapi.json`)).json()) as Record<string, unknown>;
  const validator = new OpenApiValidator(document);
  const secrets = new SecretList();
  const mint = (roles: Array<'platform_admin' | 'tenant_admin'>, tenantId?: string) => mintAdminToken(gateway.jwtSecret, { sub: `test-${tenantId ?? 'platform'}`, roles, tenantId });
  const base = new AdminClient(gateway.urls.admin!, undefined, validator, secrets);
  const platform = base.as(await mint(['platform_admin']));
  const tenantA = base.as(await mint(['tenant_admin'], 'tenant-a'));
  const tenantB = base.as(await mint(['tenant_admin'], 'tenant-b'));
  let created = 0;
  const leakedInLogs = () => logs.lines.filter((line) => secrets.foundIn(line).length > 0);
  return {
    gateway, logs, secrets, platform, tenantA, tenantB, anonymous: base,
    tenant: async (tenantId) => base.as(await mint(['tenant_admin'], tenantId)),
    async newGateway(fields = {}) {
      const response = await platform.post('/v1/gateways', { tenant_id: 'tenant-a', entitlements: { ...ENTITLEMENTS, max_instances: 1000 }, name: `gw ${++created}`, ...fields });
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      return response.body as { id: string; slug: string };
    },
    rememberKey(key) {
      secrets.add(key, hashKey(key));
    },
    leakedInLogs,
    async close() {
      await gateway.close();
      expect(leakedInLogs(), 'log lines holding a secret').to.deep.equal([]);
    },
  };
}
