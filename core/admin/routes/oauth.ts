/**
 * `/v1/gateways/{gateway_id}/oauth`: the gateway's OAuth authorization server. PUT names the
 * identity provider agents log in through (issuer, client id, write-only client secret sealed
 * at rest, groups claim); GET shows it without the secret; DELETE turns OAuth off: the
 * configuration, its signing key and all the authorization server's state go in one write, and
 * from the next snapshot on the gateway answers as one that never had OAuth. `/oauth/clients`
 * lists the clients that registered themselves (dynamic registration), and DELETE of one revokes
 * it: its grants, codes and refresh tokens are deleted, and its access tokens are refused from
 * the next config snapshot on.
 */
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { GatewayError } from '../../errors/gateway-error.js';
import type { GatewayRecord } from '../../records/types.js';
import type { BatchOp } from '../../store/types.js';
import { OAUTH_TTL } from '../../oauth/lifetimes.js';
import { OAUTH_COLLECTIONS, authorizationServerPath, loginCallbackPath, type OAuthConfigRecord, type RevokedClient } from '../../oauth/oauth-records.js';
import { generateSigningKey } from '../../oauth/signing-key.js';
import { deleteGatewayStateOp, OAuthStateStore } from '../../oauth/store-adapter.js';
import type { AdminDeps } from '../app.js';
import { GATEWAY_CHILD_COLLECTIONS } from '../gateways/gateway-cascade.js';
import '../../oauth/oauth-directory.js';
import { refuseEgress } from '../http/egress-field.js';
import { gatewayInScope } from '../http/gateway-scope.js';
import { readBody, refuse } from '../http/json-body.js';
import { pageRequest } from '../http/pagination.js';
import { writeConfig } from '../write/write-config.js';

interface OAuthConfigInput {
  issuer: string;
  client_id: string;
  client_secret?: string;
  groups_claim: string;
}

/** The configuration as the API shows it: never the secret. */
function oauthConfigView(record: OAuthConfigRecord, gateway: GatewayRecord): Record<string, unknown> {
  return {
    id: record._id,
    gateway_id: record.gateway_id,
    issuer: record.issuer,
    client_id: record.client_id,
    groups_claim: record.groups_claim,
    authorization_server: authorizationServerPath(gateway.slug),
    redirect_uri: loginCallbackPath(gateway.slug),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** Revocations still needed: an access token issued before a revocation lives at most one access-token lifetime. */
function liveRevocations(revoked: readonly RevokedClient[] | undefined, now: number): RevokedClient[] {
  const horizon = now - (OAUTH_TTL.AccessToken + 60) * 1000;
  return (revoked ?? []).filter((r) => Date.parse(r.revoked_at) > horizon);
}

// Deleting a gateway deletes its OAuth configuration and its authorization server's state.
for (const collection of [OAUTH_COLLECTIONS.configs, OAUTH_COLLECTIONS.state]) {
  if (!GATEWAY_CHILD_COLLECTIONS.includes(collection)) GATEWAY_CHILD_COLLECTIONS.push(collection);
}

/** Registers the OAuth routes. */
export function oauthRoutes(router: Router, deps: AdminDeps): void {
  const configs = () => deps.store.collection<OAuthConfigRecord>(OAUTH_COLLECTIONS.configs);
  const base = '/v1/gateways/:gateway_id/oauth';
  const configOf = async (gatewayId: string) => {
    const record = await configs().findOne({ gateway_id: gatewayId });
    if (!record) throw new GatewayError('not_found', { message: `gateway ${gatewayId} has no OAuth configuration` });
    return record;
  };

  router.get(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    koa.body = oauthConfigView(await configOf(gateway._id), gateway);
  });

  router.put(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const input = await readBody<OAuthConfigInput>(koa, 'oauth-config-put');
    refuseEgress(deps.egress.policy, '/issuer', input.issuer);
    const saved = await writeConfig(deps, async () => {
      const current = await configs().findOne({ gateway_id: gateway._id });
      if (!current && input.client_secret === undefined) throw refuse('/client_secret is required the first time');
      const now = new Date().toISOString();
      const record: OAuthConfigRecord = {
        _id: current?._id ?? randomUUID(),
        gateway_id: gateway._id,
        issuer: input.issuer,
        client_id: input.client_id,
        client_secret_sealed: input.client_secret !== undefined ? deps.secretBox.seal(input.client_secret) : current!.client_secret_sealed,
        groups_claim: input.groups_claim,
        signing_key: current?.signing_key ?? generateSigningKey(deps.secretBox),
        revoked_clients: liveRevocations(current?.revoked_clients, Date.now()),
        created_at: current?.created_at ?? now,
        updated_at: now,
      };
      const ops: BatchOp[] = [{ collection: OAUTH_COLLECTIONS.configs, op: 'replace', filter: { gateway_id: gateway._id }, doc: record, upsert: true }];
      // Set up afresh: nothing a request still in flight when OAuth was turned off wrote may come back.
      if (!current) ops.unshift(deleteGatewayStateOp(gateway._id));
      return { ops, result: record };
    });
    koa.body = oauthConfigView(saved, gateway);
  });

  router.delete(base, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await writeConfig(deps, async () => {
      const current = await configOf(gateway._id);
      // One batch: the server never runs with its configuration but without its state, or the reverse.
      // The signing key goes with the record, so the tokens it signed stop verifying from the next snapshot on.
      return { ops: [deleteGatewayStateOp(gateway._id), { collection: OAUTH_COLLECTIONS.configs, op: 'delete', filter: { _id: current._id } }], result: undefined };
    });
    koa.status = 204;
  });

  router.get(`${base}/clients`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    await configOf(gateway._id);
    const state = new OAuthStateStore(deps.store, gateway._id);
    const request = pageRequest(koa);
    const { clients, total } = await state.clientPage((request.page - 1) * request.size, request.size);
    const page = { items: clients, page: request.page, size: request.size, total };
    const items = await Promise.all(page.items.map(async (client) => ({
      client_id: String(client.client_id),
      ...(typeof client.client_name === 'string' ? { client_name: client.client_name } : {}),
      ...(client.application_type === 'web' || client.application_type === 'native' ? { application_type: client.application_type } : {}),
      redirect_uris: Array.isArray(client.redirect_uris) ? client.redirect_uris.map(String) : [],
      grants: await state.grantCount(String(client.client_id)),
      ...(typeof client.client_id_issued_at === 'number' ? { created_at: new Date(client.client_id_issued_at * 1000).toISOString() } : {}),
    })));
    koa.body = { ...page, items };
  });

  router.delete(`${base}/clients/:client_id`, async (koa) => {
    const gateway = await gatewayInScope(deps.store, koa);
    const clientId = koa.params.client_id!;
    await writeConfig(deps, async () => {
      const current = await configOf(gateway._id);
      const state = new OAuthStateStore(deps.store, gateway._id);
      if (!(await state.deleteClient(clientId))) throw new GatewayError('not_found', { message: `OAuth client ${clientId} not found` });
      // Access tokens are self-contained JWTs: the snapshot carries the revocation to every data plane.
      const revoked = [...liveRevocations(current.revoked_clients, Date.now()).filter((r) => r.client_id !== clientId), { client_id: clientId, revoked_at: new Date().toISOString() }];
      return { ops: [{ collection: OAUTH_COLLECTIONS.configs, op: 'update', filter: { _id: current._id }, update: { $set: { revoked_clients: revoked, updated_at: new Date().toISOString() } } }], result: undefined };
    });
    koa.status = 204;
  });
}
