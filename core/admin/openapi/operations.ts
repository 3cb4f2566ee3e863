/**
 * Every admin operation as data: method, path, request and response schemas. The OpenAPI
 * document is built from this list and the schemas under schemas/; a test checks that the
 * router serves exactly these operations. Add an entry with every new admin route.
 */

import type { ApiOperation, QueryParameter } from '../../openapi/api-document.js';

/** One admin operation as data (request schemas under schemas/api/admin/; data-plane operations name `security: 'ClusterToken'`). */
export type AdminOperation = ApiOperation;

const PAGING: QueryParameter[] = [
  { name: 'page', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'size', description: 'Page size, at most 100.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
];

const G = '/v1/gateways/{gateway_id}';

/** CRUD operations of one gateway child collection. */
function childCrud(segment: string, param: string, record: string, tag: string, noun: string, extra: { deleteErrors?: string[]; createErrors?: string[]; updateErrors?: string[] } = {}): AdminOperation[] {
  const base = `${G}/${segment}`;
  return [
    { method: 'get', path: base, summary: `List the gateway's ${tag.toLowerCase()}`, tag, query: PAGING, responses: { 200: { page: record } } },
    { method: 'post', path: base, summary: `Create a ${noun}`, tag, request: `${record}-create`, responses: { 201: { record } }, errors: extra.createErrors ?? ['409'] },
    { method: 'get', path: `${base}/{${param}}`, summary: `Get a ${noun}`, tag, responses: { 200: { record } } },
    { method: 'patch', path: `${base}/{${param}}`, summary: `Update a ${noun}`, tag, request: `${record}-update`, responses: { 200: { record } }, errors: extra.updateErrors ?? ['409'] },
    { method: 'delete', path: `${base}/{${param}}`, summary: `Delete a ${noun}`, tag, responses: { 204: null }, errors: extra.deleteErrors },
  ];
}

/** Idempotent attach (PUT) and detach (DELETE) of a consumer association. */
function consumerAttachment(segment: string, param: string, noun: string, options: { request?: string; putErrors?: string[] } = {}): AdminOperation[] {
  const path = `${G}/consumers/{consumer_id}/${segment}/{${param}}`;
  return [
    { method: 'put', path, summary: `Attach a ${noun} to a consumer (idempotent)`, tag: 'Consumers', request: options.request, requestOptional: !!options.request, responses: { 200: { record: 'consumer' } }, errors: options.putErrors },
    { method: 'delete', path, summary: `Detach a ${noun} from a consumer (idempotent)`, tag: 'Consumers', responses: { 200: { record: 'consumer' } } },
  ];
}

/** Every operation the admin plane serves. */
export const ADMIN_OPERATIONS: AdminOperation[] = [
  { method: 'get', path: '/v1/version', summary: 'Build version', tag: 'Meta', public: true, responses: { 200: { api: 'version' } } },
  { method: 'get', path: '/v1/openapi.json', summary: 'This OpenAPI 3.1 description', tag: 'Meta', public: true, responses: { 200: { json: true } } },
  { method: 'post', path: '/v1/auth/token', summary: 'Exchange machine client credentials for an admin token', tag: 'Auth', public: true, request: 'token-request', form: true, responses: { 200: { api: 'token-response' } }, errors: ['401'] },

  { method: 'get', path: '/v1/machine-credentials', summary: 'List machine credentials', tag: 'Machine credentials', query: PAGING, responses: { 200: { page: 'machine-credential' } } },
  { method: 'post', path: '/v1/machine-credentials', summary: 'Create a machine credential (the secret is shown once)', tag: 'Machine credentials', request: 'machine-credential-create', responses: { 201: { record: 'machine-credential' } } },
  { method: 'get', path: '/v1/machine-credentials/{credential_id}', summary: 'Get a machine credential', tag: 'Machine credentials', responses: { 200: { record: 'machine-credential' } }, errors: ['404'] },
  { method: 'delete', path: '/v1/machine-credentials/{credential_id}', summary: 'Delete a machine credential, revoking its tokens', tag: 'Machine credentials', responses: { 204: null }, errors: ['404'] },

  {
    method: 'get', path: '/v1/gateways', summary: 'List gateways (a tenant admin sees its tenant only)', tag: 'Gateways',
    query: [...PAGING, { name: 'tenant_id', description: 'Platform admins: only this tenant.', schema: { type: 'string' } }],
    responses: { 200: { page: 'gateway' } },
  },
  { method: 'post', path: '/v1/gateways', summary: 'Create a gateway', tag: 'Gateways', request: 'gateway-create', responses: { 201: { record: 'gateway' } }, errors: ['409'] },
  { method: 'get', path: G, summary: 'Get a gateway', tag: 'Gateways', responses: { 200: { record: 'gateway' } } },
  { method: 'patch', path: G, summary: 'Update a gateway (entitlements: platform admins only)', tag: 'Gateways', request: 'gateway-update', responses: { 200: { record: 'gateway' } }, errors: ['409'] },
  { method: 'delete', path: G, summary: 'Delete a gateway and every record it owns', tag: 'Gateways', responses: { 204: null } },

  {
    method: 'get', path: `${G}/registries`, summary: 'List registries: flat and paginated, or grouped by provider (view=grouped&type=LLM, at most 200)', tag: 'Registries',
    query: [
      ...PAGING,
      { name: 'view', description: '`grouped`: group by provider (needs type=LLM; not with name, page or size).', schema: { enum: ['grouped'] } },
      { name: 'type', description: '`LLM` or `MCP`.', schema: { enum: ['LLM', 'MCP'] } },
      { name: 'name', description: 'Flat listing: registries whose name contains this text.', schema: { type: 'string' } },
    ],
    responses: { 200: { oneOf: [{ page: 'registry' }, { api: 'registry-groups' }] } },
  },
  ...childCrud('registries', 'registry_id', 'registry', 'Registries', 'registry').filter((op) => !(op.method === 'get' && op.path === `${G}/registries`)),
  { method: 'post', path: `${G}/registries/test`, summary: 'Test a stored registry or an inline candidate (always 200 with ok and stage)', tag: 'Registries', request: 'registry-test', responses: { 200: { api: 'registry-test-result' } } },
  { method: 'get', path: `${G}/registries/{registry_id}/tools`, summary: "An MCP registry's tools as the server declares them", tag: 'Registries', responses: { 200: { api: 'mcp-tools' } }, errors: ['409', '502'] },

  ...childCrud('consumers', 'consumer_id', 'consumer', 'Consumers', 'consumer'),
  ...consumerAttachment('auths', 'auth_id', 'auth'),
  ...consumerAttachment('policies', 'policy_id', 'policy'),
  ...consumerAttachment('registries', 'registry_id', 'registry', { request: 'registry-attach' }),
  ...consumerAttachment('roles', 'role_id', 'role', { putErrors: ['409'] }),

  ...childCrud('roles', 'role_id', 'role', 'Roles', 'role'),
  { method: 'put', path: `${G}/roles/{role_id}/registries/{registry_id}`, summary: 'Attach a registry to a role (idempotent)', tag: 'Roles', responses: { 200: { record: 'role' } } },
  { method: 'delete', path: `${G}/roles/{role_id}/registries/{registry_id}`, summary: 'Detach a registry from a role (idempotent)', tag: 'Roles', responses: { 200: { record: 'role' } } },

  ...childCrud('policies', 'policy_id', 'policy', 'Policies', 'policy'),
  { method: 'post', path: `${G}/policies/{policy_id}/duplicate`, summary: 'Duplicate a policy (`<name> 2`, no consumers, not global)', tag: 'Policies', responses: { 201: { record: 'policy' } } },
  { method: 'put', path: `${G}/policies/{policy_id}/global`, summary: 'Mark a policy global', tag: 'Policies', responses: { 200: { record: 'policy' } } },
  { method: 'delete', path: `${G}/policies/{policy_id}/global`, summary: "Clear a policy's global scope", tag: 'Policies', responses: { 200: { record: 'policy' } } },

  ...childCrud('auths', 'auth_id', 'auth', 'Auths', 'auth'),
  ...childCrud('vault-credentials', 'credential_id', 'vault-credential', 'Vault credentials', 'vault credential', { deleteErrors: ['409'] }),

  { method: 'get', path: `${G}/oauth`, summary: "The gateway's OAuth authorization server: its identity provider (never the secret)", tag: 'OAuth', responses: { 200: { record: 'oauth-config' } } },
  { method: 'put', path: `${G}/oauth`, summary: 'Set the identity provider agents log in through (client_secret write-only, required the first time)', tag: 'OAuth', request: 'oauth-config-put', responses: { 200: { record: 'oauth-config' } } },
  { method: 'delete', path: `${G}/oauth`, summary: "Turn the gateway's OAuth off: its configuration, signing key, clients, grants and tokens are deleted (404 when none is configured)", tag: 'OAuth', responses: { 204: null } },
  { method: 'get', path: `${G}/oauth/clients`, summary: 'Clients registered at the authorization server, with their grant counts', tag: 'OAuth', query: PAGING, responses: { 200: { page: 'oauth-client' } } },
  { method: 'delete', path: `${G}/oauth/clients/{client_id}`, summary: "Revoke a client: its grants, codes and refresh tokens are deleted and its access tokens refused", tag: 'OAuth', responses: { 204: null } },

  { method: 'get', path: '/v1/catalog/providers', summary: 'Provider catalog', tag: 'Catalogs', query: PAGING, responses: { 200: { page: 'api:catalog-provider' } } },
  {
    method: 'get', path: '/v1/catalog/models', summary: "Model catalog (with gateway_id and registry_id: a cloud-hosted registry's invokable models)", tag: 'Catalogs',
    query: [
      ...PAGING,
      { name: 'provider', description: 'Only this provider.', schema: { type: 'string' } },
      { name: 'gateway_id', description: 'With registry_id: the models of that registry.', schema: { type: 'string' } },
      { name: 'registry_id', description: 'With gateway_id.', schema: { type: 'string' } },
    ],
    responses: { 200: { page: 'api:catalog-model' } }, errors: ['404'],
  },
  { method: 'get', path: '/v1/catalog/policies', summary: 'Policy types grouped by category, with settings schemas', tag: 'Catalogs', responses: { 200: { api: 'catalog-policy-groups' } } },
  { method: 'get', path: '/v1/catalog/mcp-servers', summary: 'The Store catalog of MCP servers', tag: 'Catalogs', query: PAGING, responses: { 200: { page: 'api:catalog-mcp-server' } } },

  ...childCrud('store/servers', 'code', 'store-server', 'Store', 'Store server').map((op) => (op.method === 'post' ? { ...op, errors: ['409'] } : op.method === 'patch' ? { ...op, errors: [] } : op)),
  { method: 'get', path: `${G}/store/access`, summary: 'Store access rules (most permissive matching rule wins; no rule: none)', tag: 'Store', responses: { 200: { api: 'store-access' } } },
  { method: 'put', path: `${G}/store/access`, summary: 'Replace the Store access rules', tag: 'Store', request: 'store-access', responses: { 200: { api: 'store-access' } } },
  { method: 'post', path: `${G}/store/principal/installs`, summary: 'Install a Store server as a user (principal_sub, groups), whose live access level applies', tag: 'Store', request: 'store-install-request', responses: { 200: { api: 'store-install-response' } }, errors: ['409'] },
  {
    method: 'get', path: `${G}/store/installs`, summary: 'Installed Store servers', tag: 'Store',
    query: [...PAGING, { name: 'principal_sub', description: 'Only this user\'s installs.', schema: { type: 'string' } }],
    responses: { 200: { page: 'store-install' } },
  },
  { method: 'get', path: `${G}/store/installs/{install_id}`, summary: 'Get an install', tag: 'Store', responses: { 200: { record: 'store-install' } } },
  { method: 'delete', path: `${G}/store/installs/{install_id}`, summary: "Uninstall: the server leaves the user's toolkit", tag: 'Store', responses: { 204: null } },
  {
    method: 'get', path: `${G}/store/approvals`, summary: 'Store approval requests', tag: 'Store',
    query: [
      ...PAGING,
      { name: 'status', description: '`pending`, `approved` or `denied`.', schema: { enum: ['pending', 'approved', 'denied'] } },
      { name: 'principal_sub', description: 'Only this user\'s requests.', schema: { type: 'string' } },
    ],
    responses: { 200: { page: 'store-approval' } },
  },
  { method: 'post', path: `${G}/store/approvals/{approval_id}/approve`, summary: 'Approve: installs the server for the requester', tag: 'Store', responses: { 200: { record: 'store-approval' } }, errors: ['409'] },
  { method: 'post', path: `${G}/store/approvals/{approval_id}/deny`, summary: "Deny, with the reason shown on the request", tag: 'Store', request: 'store-approval-deny', responses: { 200: { record: 'store-approval' } }, errors: ['409'] },

  {
    method: 'get', path: `${G}/usage`, summary: 'Usage and spend over time per consumer, model or registry', tag: 'Usage',
    query: [
      { name: 'from', description: 'Start (RFC 3339), aligned down to the interval; default 24 hours before `to`. At most 93 days before `to`.', schema: { type: 'string', format: 'date-time' } },
      { name: 'to', description: 'End (RFC 3339, exclusive); default the end of the current bucket.', schema: { type: 'string', format: 'date-time' } },
      { name: 'interval', description: 'Bucket length; at most 744 buckets.', schema: { enum: ['hour', 'day'], default: 'hour' } },
      { name: 'group_by', description: 'What each series is.', schema: { enum: ['consumer', 'model', 'registry'], default: 'consumer' } },
    ],
    responses: { 200: { api: 'usage-report' } }, errors: ['400'],
  },

  // Registered by other planes through AdminDeps.extraRoutes (playground traces, config sync).
  { method: 'get', path: `${G}/traces/{trace_id}`, summary: 'The playground trace of a proxied request, by its X-AG-Trace-Id', tag: 'Traces', responses: { 200: { json: true } } },
  { method: 'get', path: '/v1/config-sync/connections', summary: 'Connected data planes (platform admins only)', tag: 'Config sync', query: [...PAGING, { name: 'scope', description: 'Opaque scope filter.', schema: { type: 'string' } }], responses: { 200: { json: true } }, errors: ['403'] },
  { method: 'get', path: '/v1/config-sync/data-plane/stream', summary: 'Data planes: the config stream', tag: 'Config sync', security: 'ClusterToken', responses: { 200: { eventStream: true } }, errors: ['403'] },
  { method: 'post', path: '/v1/config-sync/data-plane/heartbeat', summary: 'Data planes: heartbeat', tag: 'Config sync', security: 'ClusterToken', responses: { 204: null }, errors: ['403'] },
  { method: 'post', path: '/v1/config-sync/data-plane/telemetry', summary: 'Data planes: telemetry batch', tag: 'Config sync', security: 'ClusterToken', responses: { 204: null }, errors: ['403'] },
];
