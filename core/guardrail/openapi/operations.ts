/**
 * Every guardrail API operation as data: evaluate (a collector's `tgk_` key) and, where the
 * store lives, the management paths (an admin token). The OpenAPI document is built from this
 * list and the schemas under schemas/; a test checks that the plane serves exactly these
 * operations under /v1. Add an entry with every new guardrail route.
 */
import type { ApiOperation, QueryParameter } from '../../openapi/api-document.js';

const PAGING: QueryParameter[] = [
  { name: 'page', description: 'Page number, from 1.', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'size', description: 'Page size, at most 100.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
];

const ACTIVITY_FILTERS: QueryParameter[] = [
  ...['trace_id', 'session_id', 'consumer_id', 'collector_id'].map((name) => ({ name, description: `Only records with this ${name.replace(/_/g, ' ')}.`, schema: { type: 'string' } })),
  { name: 'from', description: 'Only records at or after this instant (RFC 3339).', schema: { type: 'string', format: 'date-time' } },
  { name: 'to', description: 'Only records at or before this instant (RFC 3339).', schema: { type: 'string', format: 'date-time' } },
  ...PAGING,
];

/** List, create, get, update and delete of one management collection. */
function crud(base: string, param: string, record: string, request: string, tag: string, noun: string): ApiOperation[] {
  return [
    { method: 'get', path: base, summary: `List ${tag.toLowerCase()}`, tag, query: PAGING, responses: { 200: { page: record } } },
    { method: 'post', path: base, summary: `Create a ${noun}`, tag, request: `${request}-create`, responses: { 201: { record } } },
    { method: 'get', path: `${base}/{${param}}`, summary: `Get a ${noun}`, tag, responses: { 200: { record } } },
    { method: 'patch', path: `${base}/{${param}}`, summary: `Update a ${noun}`, tag, request: `${request}-update`, responses: { 200: { record } } },
    { method: 'delete', path: `${base}/{${param}}`, summary: `Delete a ${noun}`, tag, responses: { 204: null } },
  ];
}

/** Every operation the guardrail plane serves under /v1 (management ones only where the store lives). */
export const GUARDRAIL_OPERATIONS: ApiOperation[] = [
  { method: 'get', path: '/v1/version', summary: 'Build version', tag: 'Meta', public: true, responses: { 200: { json: true } } },
  { method: 'get', path: '/v1/openapi.json', summary: 'This OpenAPI 3.1 description', tag: 'Meta', public: true, responses: { 200: { json: true } } },
  {
    method: 'post', path: '/v1/evaluate', summary: 'Evaluate a payload: the verdict, findings and any transformed payload', tag: 'Evaluate',
    security: 'CollectorKey', request: 'evaluate-request', responses: { 200: { api: 'evaluate-response' } }, errors: ['403', '413', '503'],
  },
  {
    method: 'post', path: '/v1/evaluate/claude', summary: 'Evaluate a coding-agent hook event: allow or deny only', tag: 'Evaluate',
    security: 'CollectorKey', request: 'claude-request', responses: { 200: { api: 'claude-response' } }, errors: ['403', '413', '503'],
  },
  {
    method: 'post', path: '/v1/integrations/webhook', summary: "The gateway webhook adapter: evaluates an AI gateway's hook event (spec 4.5 rule 7)", tag: 'Integrations',
    security: 'CollectorKey', request: 'webhook-request',
    query: [{ name: 'deny_status', description: 'The status of a block answer, a 4xx or 5xx (for example 446); 200 by default.', schema: { type: 'integer', minimum: 400, maximum: 599 } }],
    // A block answers with `deny_status` when given; 446 is the status hook callers conventionally ask for.
    responses: { 200: { api: 'webhook-response' }, 446: { api: 'webhook-response' } }, errors: ['403', '413', '503'],
  },
  { method: 'get', path: '/v1/catalog/collectors', summary: 'The collector types, grouped', tag: 'Catalogs', responses: { 200: { api: 'catalog-collectors' } } },
  { method: 'get', path: '/v1/catalog/detectors', summary: 'Each detector with its settings JSON Schema', tag: 'Catalogs', responses: { 200: { api: 'catalog-detectors' } } },
  ...crud('/v1/collectors', 'collector_id', 'guardrail-collector', 'collector', 'Collectors', 'collector'),
  { method: 'get', path: '/v1/collectors/{collector_id}/keys', summary: "List a collector's keys (never the key itself)", tag: 'Collector keys', query: PAGING, responses: { 200: { page: 'guardrail-collector-key' } } },
  { method: 'post', path: '/v1/collectors/{collector_id}/keys', summary: 'Create a key: the `tgk_` key is in this answer only', tag: 'Collector keys', request: 'collector-key-create', responses: { 201: { record: 'guardrail-collector-key' } } },
  { method: 'patch', path: '/v1/collectors/{collector_id}/keys/{key_id}', summary: 'Deactivate a key or set its expiry', tag: 'Collector keys', request: 'collector-key-update', responses: { 200: { record: 'guardrail-collector-key' } } },
  { method: 'delete', path: '/v1/collectors/{collector_id}/keys/{key_id}', summary: 'Revoke a key', tag: 'Collector keys', responses: { 204: null } },
  ...crud('/v1/policies', 'policy_id', 'guardrail-policy', 'policy', 'Policies', 'guardrail policy'),
  { method: 'get', path: '/v1/activity', summary: 'Findings, newest first, filtered', tag: 'Activity', query: ACTIVITY_FILTERS, responses: { 200: { api: 'activity-page' } } },
];
