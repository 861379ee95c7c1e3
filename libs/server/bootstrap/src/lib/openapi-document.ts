import { applyDecorators, SetMetadata, type INestApplication } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiServiceUnavailableResponse, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_SCHEMES, OPTIONAL_ADMIN_AUTH, routeContracts, type RouteContract } from './openapi/route-contracts';
import { acceptsEmptyBody, parametersOf, requestJsonSchema, type JsonSchema } from './openapi/zod-json-schema';

export { OPTIONAL_ADMIN_AUTH } from './openapi/route-contracts';
export { multipartBody, requestJsonSchema, type MultipartFilePart } from './openapi/zod-json-schema';

/** Path of a service's OpenAPI document: `/api/docs/<service>.json`. */
export const openApiPath = (service: string) => `/api/docs/${service}.json`;

/** The security scheme of admin tokens (`Authorization: Bearer <JWT>`), as `@ApiBearerAuth()` names it. */
export const ADMIN_BEARER_SCHEME = 'bearer';

/**
 * The operation answers everybody (no token) and, to a request carrying a valid admin token,
 * shows more; a token that is sent must be valid (401 otherwise: an admin whose session ended
 * learns it instead of silently seeing the public view).
 */
export const OptionalAdminAuth = () => SetMetadata(OPTIONAL_ADMIN_AUTH, true);

/**
 * The operation is authorised by any one of these API keys (each a header or a query parameter);
 * the document declares their security schemes and leaves them out of the parameters.
 */
export const ApiKeySecurity = (schemes: RouteContract['apiKeySchemes']) =>
  applyDecorators(SetMetadata(API_KEY_SCHEMES, schemes), ...Object.keys(schemes).map((name) => ApiSecurity(name)));

type Operation = {
  operationId?: string;
  parameters?: Array<Record<string, unknown>>;
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
};
type Response = { description: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** The one shape of every error answer (see `ErrorBody`). */
const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'message'],
  additionalProperties: false,
  properties: {
    statusCode: { type: 'integer', minimum: 400, maximum: 599 },
    message: { type: 'string' },
    errors: {
      type: 'array',
      description: 'The invalid fields of a 400.',
      items: {
        type: 'object',
        required: ['field', 'message'],
        additionalProperties: false,
        properties: {
          field: { type: 'string', description: 'The dotted path of the field (`personalDetails.fullName`).' },
          message: { type: 'string', description: 'The English message.' },
          key: {
            type: 'string',
            description: "The message's key (`validation.pin`, `validation.required`) when it is one of the contracts' messages, so a client can show it in its own language.",
          },
          values: {
            type: 'object',
            description: "The parts of a message built from parts, when it has any: a field's label as a key of its own (`{ \"field\": \"field.schoolName\" }`), a number, an ISO date.",
            additionalProperties: { type: ['string', 'number'] },
          },
        },
      },
    },
  },
};
const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

const RETRY_AFTER = { required: true, description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^[0-9]+$' } };

/** A 200 answering a PDF file. */
export const ApiPdfResponse = (description: string) =>
  ApiOkResponse({
    description,
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: { 'Content-Disposition': { required: true, description: 'inline or attachment, with the file name.', schema: { type: 'string' } } },
  });

/** A 503 the client should retry after `Retry-After` seconds. */
export const ApiRetryLaterResponse = (description: string) =>
  ApiServiceUnavailableResponse({ description, headers: { 'Retry-After': RETRY_AFTER } });

const STANDARD_ERRORS: Record<string, string> = {
  '400': 'Malformed or invalid request: `errors` names each invalid field.',
  '401': 'Missing, invalid, expired or revoked admin token.',
  '403': 'The token belongs to a viewer, who may not change anything.',
  '413': 'The request body is larger than the service accepts.',
  '415': 'The body is in an unsupported encoding or charset.',
  '429': 'Too many requests from this client; `Retry-After` gives the seconds to wait.',
};

/**
 * The OpenAPI 3.1 document of a service, saying what it does: every operation's parameters and
 * body from the zod schemas its pipes validate with, its security (admin Bearer token, optional
 * or none), and every status code it can answer with the error body shape.
 */
export function buildOpenApiDocument(app: INestApplication, service: string, description?: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(service)
    .setDescription(description ?? `HTTP API of ${service}`)
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Admin token from POST /api/admin/login.' }, ADMIN_BEARER_SCHEME)
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const contracts = routeContracts(app);
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ErrorBody: ERROR_BODY_SCHEMA } };
  const securitySchemes = { ...document.components?.securitySchemes };
  for (const contract of contracts.values()) {
    for (const [name, scheme] of Object.entries(contract.apiKeySchemes)) securitySchemes[name] = { type: 'apiKey', ...scheme };
  }
  document.components.securitySchemes = securitySchemes;
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (pathItem as Record<string, Operation | undefined>)[method];
      if (operation) completeOperation(path, method, operation, contracts.get(operation.operationId ?? ''));
    }
  }
  return document;
}

function completeOperation(path: string, method: string, operation: Operation, contract: RouteContract | undefined): void {
  describeInputs(path, operation, contract);
  const hasInput = Boolean(operation.requestBody) || (operation.parameters?.length ?? 0) > 0;
  const secured = (operation.security ?? []).some((requirement) => ADMIN_BEARER_SCHEME in requirement);
  const apiKeys = Object.values(contract?.apiKeySchemes ?? {});
  if (apiKeys.length) {
    operation.parameters = operation.parameters?.filter((parameter) => !apiKeys.some((key) => key.in === parameter['in'] && key.name === parameter['name']));
    responses401(operation, 'Missing or wrong token.');
  }
  const responses = operation.responses;
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    // the decorators named only errors: the success Nest answers by default (or @HttpCode)
    responses[String(contract?.httpCode ?? (method === 'post' ? 201 : 200))] = { description: 'Success.' };
  }

  if (secured) {
    operation.security = contract?.optionalAdminAuth ? [{}, { [ADMIN_BEARER_SCHEME]: [] }] : [{ [ADMIN_BEARER_SCHEME]: [] }];
    responses['401'] ??= { description: STANDARD_ERRORS['401'] };
    const viewerRefused = !contract?.optionalAdminAuth && method !== 'get' && method !== 'head' && !contract?.viewerMayCall;
    if (!viewerRefused) delete responses['403'];
    else responses['403'] ??= { description: STANDARD_ERRORS['403'] };
  } else if (!operation.security?.length) {
    operation.security = [];
  }
  if (hasInput) responses['400'] ??= { description: STANDARD_ERRORS['400'] };
  if (operation.requestBody) {
    responses['413'] ??= { description: STANDARD_ERRORS['413'] };
    responses['415'] ??= { description: STANDARD_ERRORS['415'] };
  }
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (code >= 400 && !response.content) response.content = { 'application/json': { schema: ERROR_BODY_REF } };
    if (code >= 200 && code < 300 && !response.content) response.content = { 'application/json': { schema: { type: 'object' } } };
    if (code === 429) response.headers = { 'Retry-After': RETRY_AFTER, ...response.headers };
  }
}

function responses401(operation: Operation, description: string): void {
  operation.responses['401'] ??= { description };
}

function describeInputs(path: string, operation: Operation, contract: RouteContract = { params: {}, optionalAdminAuth: false, viewerMayCall: false, apiKeySchemes: {} }): void {
  let parameters = operation.parameters ?? [];
  // every {name} of the path is a required path parameter (Nest leaves some out)
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (!parameters.some((parameter) => parameter['in'] === 'path' && parameter['name'] === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  if (contract.query) {
    parameters = [...parameters.filter((parameter) => parameter['in'] !== 'query'), ...parametersOf(contract.query, 'query')];
  }
  parameters = parameters.map((parameter) => {
    const schema = parameter['in'] === 'path' ? contract.params[String(parameter['name'])] : undefined;
    return schema ? { ...parameter, required: true, schema: requestJsonSchema(schema) } : parameter;
  });
  if (parameters.length) operation.parameters = parameters;
  else delete operation.parameters;
  const explicitMultipart = operation.requestBody?.content && 'multipart/form-data' in operation.requestBody.content;
  if (contract.body && !explicitMultipart) {
    operation.requestBody = {
      required: !acceptsEmptyBody(contract.body),
      content: { 'application/json': { schema: requestJsonSchema(contract.body) } },
    };
  }
}

/** Builds the OpenAPI document from the registered controllers and serves it as JSON at `openApiPath(service)`. */
export function serveOpenApiDocument(app: INestApplication, service: string, description?: string): OpenAPIObject {
  const document = buildOpenApiDocument(app, service, description);
  app.getHttpAdapter().get(openApiPath(service), (_request: unknown, response: { json(body: unknown): void }) => {
    response.json(document);
  });
  return document;
}
