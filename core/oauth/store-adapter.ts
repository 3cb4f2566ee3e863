/**
 * The authorization server's storage adapter over the store contract (embedded or MongoDB), so
 * clients, grants, codes, sessions, refresh tokens and interactions survive a restart and are
 * shared by every process on one store. One document per artifact in `oauth_state`, keyed by
 * gateway, model and id; the payload is kept as JSON text (its keys hold URLs, which a document
 * store would read as dotted paths). Expiry is a TTL index, and reads also check it, since a TTL
 * sweep may run late.
 */
import type { BatchOp, Store } from '../store/types.js';
import { OAUTH_COLLECTIONS } from './oauth-records.js';

/** A stored artifact. */
export interface OAuthStateDoc {
  _id: string;
  gateway_id: string;
  /** oidc-provider's model name (`Client`, `Grant`, `AuthorizationCode`, `Session`, ...), or one of the gateway's own (`FederatedLogin`, `Account`, `ConsentForm`). */
  model: string;
  /** The payload as JSON text. */
  payload: string;
  /** For artifacts of a grant: which one, so a revoked grant takes its codes and tokens along. */
  grant_id?: string;
  /** The client the artifact belongs to (listing and revoking a client). */
  client_id?: string;
  /** Sessions: their uid. */
  uid?: string;
  /** Clients: when they registered (epoch seconds), the admin listing's order. */
  issued_at?: number;
  /** When the artifact expires (TTL index). */
  expires_at?: Date;
  [key: string]: unknown;
}

/** Indexes of the state collection. */
export const OAUTH_STATE_INDEXES = [
  { key: { expires_at: 1 }, expireAfterSeconds: 0 },
  { key: { gateway_id: 1, model: 1, client_id: 1 } },
  { key: { gateway_id: 1, grant_id: 1 } },
  { key: { gateway_id: 1, model: 1, uid: 1 } },
  { key: { gateway_id: 1, model: 1, issued_at: 1 } },
] as const;

/** The payload shape oidc-provider stores (only the fields the adapter reads). */
type Payload = Record<string, unknown> & { grantId?: string; clientId?: string; client_id?: string; uid?: string; consumed?: number };

const docId = (gatewayId: string, model: string, id: string) => `${gatewayId}:${model}:${id}`;

/** A live (unexpired) document's payload. */
function livePayload(doc: OAuthStateDoc | null): Payload | undefined {
  if (!doc) return undefined;
  if (doc.expires_at && new Date(doc.expires_at).getTime() <= Date.now()) return undefined;
  return JSON.parse(doc.payload) as Payload;
}

/** Stored artifacts of one gateway: what the adapters and the admin API read and write. */
export class OAuthStateStore {
  constructor(
    private readonly store: Store,
    readonly gatewayId: string,
  ) {}

  private get docs() {
    return this.store.collection<OAuthStateDoc>(OAUTH_COLLECTIONS.state);
  }

  async upsert(model: string, id: string, payload: Payload, expiresInSeconds?: number): Promise<void> {
    const doc: OAuthStateDoc = {
      _id: docId(this.gatewayId, model, id),
      gateway_id: this.gatewayId,
      model,
      payload: JSON.stringify(payload),
    };
    const grantId = payload.grantId;
    const clientId = model === 'Client' ? payload.client_id : payload.clientId;
    if (typeof grantId === 'string') doc.grant_id = grantId;
    if (typeof clientId === 'string') doc.client_id = clientId;
    if (typeof payload.uid === 'string') doc.uid = payload.uid;
    if (model === 'Client') doc.issued_at = typeof payload.client_id_issued_at === 'number' ? payload.client_id_issued_at : 0;
    if (expiresInSeconds) doc.expires_at = new Date(Date.now() + expiresInSeconds * 1000);
    await this.docs.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }

  async find(model: string, id: string): Promise<Payload | undefined> {
    return livePayload(await this.docs.findOne({ _id: docId(this.gatewayId, model, id) }));
  }

  async findByUid(model: string, uid: string): Promise<Payload | undefined> {
    return livePayload(await this.docs.findOne({ gateway_id: this.gatewayId, model, uid }));
  }

  /** Marks an artifact consumed (a used code, a rotated refresh token). */
  async consume(model: string, id: string): Promise<void> {
    const doc = await this.docs.findOne({ _id: docId(this.gatewayId, model, id) });
    if (!doc) return;
    const payload = JSON.parse(doc.payload) as Payload;
    payload.consumed = Math.floor(Date.now() / 1000);
    await this.docs.updateOne({ _id: doc._id }, { $set: { payload: JSON.stringify(payload) } });
  }

  /**
   * Takes a one-shot artifact (login state, consent form token): returns it and deletes it in
   * one step, so a second use finds nothing.
   */
  async take(model: string, id: string): Promise<Payload | undefined> {
    const _id = docId(this.gatewayId, model, id);
    const doc = await this.docs.findOne({ _id });
    if (!doc) return undefined;
    const deleted = await this.docs.deleteOne({ _id });
    return deleted === 1 ? livePayload(doc) : undefined;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.docs.deleteOne({ _id: docId(this.gatewayId, model, id) });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.docs.deleteMany({ gateway_id: this.gatewayId, grant_id: grantId });
  }

  /** One page of the registered clients, oldest first, and how many there are. */
  async clientPage(skip: number, limit: number): Promise<{ clients: Payload[]; total: number }> {
    const filter = { gateway_id: this.gatewayId, model: 'Client' };
    const [docs, total] = await Promise.all([this.docs.find(filter, { sort: { issued_at: 1, _id: 1 }, skip, limit }), this.docs.count(filter)]);
    return { clients: docs.map((d) => livePayload(d)).filter((p): p is Payload => !!p), total };
  }

  /** How many live grants a client holds. */
  async grantCount(clientId: string): Promise<number> {
    return this.docs.count({ gateway_id: this.gatewayId, model: 'Grant', client_id: clientId, expires_at: { $gt: new Date() } });
  }

  /** Deletes a client and everything issued to it: grants, codes, refresh tokens, sessions' bindings stay harmless (their grant is gone). */
  async deleteClient(clientId: string): Promise<boolean> {
    const existed = await this.docs.deleteOne({ _id: docId(this.gatewayId, 'Client', clientId) });
    await this.docs.deleteMany({ gateway_id: this.gatewayId, client_id: clientId });
    return existed === 1;
  }
}

/**
 * The batch op deleting every artifact of one gateway's authorization server (clients, grants,
 * codes, sessions, refresh tokens, interactions, logins): part of the admin write that removes
 * the gateway's OAuth configuration, or sets it up afresh, so state and configuration change in
 * one atomic batch.
 */
export function deleteGatewayStateOp(gatewayId: string): BatchOp {
  return { collection: OAUTH_COLLECTIONS.state, op: 'delete', filter: { gateway_id: gatewayId }, many: true };
}

/**
 * The adapter class oidc-provider instantiates once per model (`new Adapter('Grant')`), bound to
 * one gateway's state.
 */
export function providerAdapter(state: OAuthStateStore) {
  return class StoreAdapter {
    // Public: a declaration file cannot describe a private member of an exported anonymous class.
    constructor(readonly model: string) {}
    upsert(id: string, payload: Payload, expiresIn?: number) {
      return state.upsert(this.model, id, payload, expiresIn);
    }
    find(id: string) {
      return state.find(this.model, id);
    }
    findByUserCode() {
      // Device flow is not enabled.
      return Promise.resolve(undefined);
    }
    findByUid(uid: string) {
      return state.findByUid(this.model, uid);
    }
    consume(id: string) {
      return state.consume(this.model, id);
    }
    destroy(id: string) {
      return state.destroy(this.model, id);
    }
    revokeByGrantId(grantId: string) {
      return state.revokeByGrantId(grantId);
    }
  };
}
