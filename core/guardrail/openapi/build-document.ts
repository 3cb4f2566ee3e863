/**
 * The guardrail API's OpenAPI 3.1 description (`GET /v1/openapi.json` on the guardrail plane),
 * built from its operation list and the JSON Schemas under schemas/, so a client can be
 * generated for it as for the admin API.
 */
import { buildApiDocument } from '../../openapi/api-document.js';
import { GUARDRAIL_OPERATIONS } from './operations.js';

const ERROR_TEXT: Record<string, string> = {
  400: 'Malformed JSON (`invalid_json`), or a body the evaluation cannot take.',
  401: 'Missing or invalid credential: a collector key (`tgk_`) on evaluate, an admin token elsewhere.',
  403: 'The key is inactive or expired, or the caller may not use this collector.',
  404: 'Not found, or not visible to this tenant.',
  413: 'The body is larger than the plane reads.',
  422: 'The body or a parameter breaks a rule (`validation_failed`, naming the field).',
  503: 'A detector failed under a fail-closed policy (`detector_failed`).',
};

/** Builds the guardrail API's OpenAPI 3.1 document. */
export function buildGuardrailOpenApiDocument(): Record<string, unknown> {
  return buildApiDocument({
    title: 'Portcullis guardrail API',
    description: 'The guardrail evaluation service: evaluate payloads with a collector key, and manage collectors, keys, guardrail policies and Activity with an admin token. Every answer, errors included, carries `request_id`; errors are `{error, message, request_id}`.',
    apiDir: 'api/guardrail',
    componentDirs: ['common', 'records'],
    componentFiles: ['plugins/routing'],
    securitySchemes: {
      AdminToken: { type: 'http', scheme: 'bearer', description: 'An admin JWT or machine access token (management paths).' },
      CollectorKey: { type: 'http', scheme: 'bearer', description: "A collector's `tgk_` key (evaluate paths)." },
    },
    defaultSecurity: 'AdminToken',
    errorText: ERROR_TEXT,
    operations: GUARDRAIL_OPERATIONS,
  });
}
