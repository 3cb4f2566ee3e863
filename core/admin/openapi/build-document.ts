/**
 * The admin API's OpenAPI 3.1 description (`GET /v1/openapi.json`), built from the operation
 * list and the JSON Schemas under schemas/ (records, admin request and response bodies, common
 * definitions, and the guardrail finding that Activity records hold), embedded as
 * self-contained components.
 */
import { buildApiDocument } from '../../openapi/api-document.js';
import { ADMIN_OPERATIONS, type AdminOperation } from './operations.js';

const ERROR_TEXT: Record<string, string> = {
  400: 'Malformed JSON (`invalid_json`).',
  401: 'Missing or invalid admin token.',
  404: 'Not found, or not visible to this tenant.',
  409: 'Conflict with the stored state.',
  422: 'The body or a parameter breaks a rule (`validation_failed`, naming the field).',
  502: 'The upstream could not be reached.',
};

/** Builds the OpenAPI 3.1 document of `operations`. */
export function buildOpenApiDocument(operations: readonly AdminOperation[] = ADMIN_OPERATIONS): Record<string, unknown> {
  return buildApiDocument({
    title: 'Portcullis admin API',
    description: 'Management API of the Portcullis gateway: gateways, registries, consumers, roles, policies, auths, vault credentials, machine credentials and catalogs. Errors are `{error, message}`.',
    apiDir: 'api/admin',
    componentDirs: ['common', 'records'],
    // Records reference these: routing settings of registries and consumers, the findings of Activity records.
    componentFiles: ['plugins/routing', 'api/guardrail/finding'],
    securitySchemes: {
      BearerAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Bearer <admin JWT or machine access token>`.' },
      ClusterToken: { type: 'http', scheme: 'bearer', description: 'The cluster token data planes present (PORTCULLIS_CLUSTER_TOKEN).' },
    },
    defaultSecurity: 'BearerAuth',
    errorText: ERROR_TEXT,
    operations,
  });
}
