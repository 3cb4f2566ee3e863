/**
 * Writes config records straight into a store, the way the admin API stores them, for tests and
 * benchmarks that need a configured gateway without going through HTTP. Each call is one atomic
 * batch that bumps the config revision.
 */
import { randomUUID } from 'node:crypto';
import { COLLECTIONS, type AuthRecord, type ConsumerRecord, type PolicyRecord, type RegistryRecord, type RoleRecord } from '../records/types.js';
import { issueKey } from '../security/api-keys.js';
import type { SecretBox } from '../security/secret-box.js';
import { bumpRevisionOp } from '../snapshot/config-document.js';
import type { BatchOp, Store } from '../store/types.js';

const now = () => new Date().toISOString();
const stamp = () => ({ _id: randomUUID(), created_at: now(), updated_at: now() });

export class Seeder {
  constructor(
    private readonly store: Store,
    private readonly secretBox: SecretBox,
  ) {}

  private async write(ops: BatchOp[]): Promise<void> {
    await this.store.batch([...ops, bumpRevisionOp()]);
  }

  async gateway(fields: { slug?: string; tenant_id?: string } = {}): Promise<{ id: string; slug: string }> {
    const doc = { ...stamp(), slug: fields.slug ?? `gw-${randomUUID().slice(0, 8)}`, name: 'Test gateway', tenant_id: fields.tenant_id ?? 'tenant-1' };
    await this.write([{ collection: COLLECTIONS.gateways, op: 'insert', doc }]);
    return { id: doc._id, slug: doc.slug };
  }

  /** An LLM registry; `apiKey` is sealed at rest like the admin API does. */
  async registry(gatewayId: string, fields: Partial<Omit<RegistryRecord, 'auth'>> & { provider: string; apiKey?: string }): Promise<RegistryRecord> {
    const { apiKey, ...rest } = fields;
    const doc: RegistryRecord = {
      ...stamp(),
      gateway_id: gatewayId,
      slug: `${fields.provider}-${randomUUID().slice(0, 6)}`,
      type: 'LLM',
      ...rest,
      auth: apiKey ? { api_key_sealed: this.secretBox.seal(apiKey) } : undefined,
    } as RegistryRecord;
    await this.write([{ collection: COLLECTIONS.registries, op: 'insert', doc }]);
    return doc;
  }

  /** A consumer with an attached `ag_` key; returns the key (shown once). */
  async consumer(gatewayId: string, fields: Partial<ConsumerRecord> & { slug: string }): Promise<{ consumer: ConsumerRecord; key: string }> {
    const issued = issueKey('ag_');
    const auth = { ...stamp(), gateway_id: gatewayId, name: `${fields.slug} key`, type: 'api_key', key_hash: issued.hash, key_prefix: issued.prefix, key_last4: issued.last4 };
    const consumer: ConsumerRecord = {
      ...stamp(),
      gateway_id: gatewayId,
      routing_mode: 'inline',
      registries: [],
      auth_ids: [auth._id],
      policy_ids: [],
      role_ids: [],
      ...fields,
    } as ConsumerRecord;
    await this.write([
      { collection: COLLECTIONS.auths, op: 'insert', doc: auth },
      { collection: COLLECTIONS.consumers, op: 'insert', doc: consumer },
    ]);
    return { consumer, key: issued.key };
  }

  /** A policy (plugin instance), attached to the given consumers unless global. */
  async policy(gatewayId: string, fields: Partial<PolicyRecord> & { type: string }, consumerIds: string[] = []): Promise<PolicyRecord> {
    const doc: PolicyRecord = {
      ...stamp(),
      gateway_id: gatewayId,
      slug: `${fields.type}-${randomUUID().slice(0, 6)}`,
      name: fields.type,
      settings: {},
      enabled: true,
      priority: 100,
      parallel: false,
      global: false,
      ...fields,
    } as PolicyRecord;
    await this.write([
      { collection: COLLECTIONS.policies, op: 'insert', doc },
      ...consumerIds.map(
        (id): BatchOp => ({ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: id }, update: { $addToSet: { policy_ids: doc._id } } }),
      ),
    ]);
    return doc;
  }

  /** An auth other than a generated key (an `oidc` identity provider), attached to the given consumers. */
  async auth(gatewayId: string, fields: Partial<AuthRecord> & { type: AuthRecord['type'] }, consumerIds: string[] = []): Promise<AuthRecord> {
    const doc: AuthRecord = { ...stamp(), gateway_id: gatewayId, name: `${fields.type} auth`, ...fields } as AuthRecord;
    await this.write([
      { collection: COLLECTIONS.auths, op: 'insert', doc },
      ...consumerIds.map(
        (id): BatchOp => ({ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: id }, update: { $addToSet: { auth_ids: doc._id } } }),
      ),
    ]);
    return doc;
  }

  /** A role (identity-based routing), attached to the given role_based consumers. */
  async role(gatewayId: string, fields: Partial<RoleRecord> & { name: string }, consumerIds: string[] = []): Promise<RoleRecord> {
    const doc: RoleRecord = { ...stamp(), gateway_id: gatewayId, registries: [], ...fields } as RoleRecord;
    await this.write([
      { collection: COLLECTIONS.roles, op: 'insert', doc },
      ...consumerIds.map(
        (id): BatchOp => ({ collection: COLLECTIONS.consumers, op: 'update', filter: { _id: id }, update: { $addToSet: { role_ids: doc._id } } }),
      ),
    ]);
    return doc;
  }

  /** Any update to one record (and a revision bump). */
  async update(collection: string, id: string, update: Record<string, unknown>): Promise<void> {
    await this.write([{ collection, op: 'update', filter: { _id: id }, update }]);
  }
}
