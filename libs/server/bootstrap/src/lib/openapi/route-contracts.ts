import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { z } from 'zod';

// Nest's own metadata keys (@nestjs/common/constants, RouteParamtypes).
const ROUTE_ARGS_METADATA = '__routeArguments__';
const HTTP_CODE_METADATA = '__httpCode__';
const PARAM_TYPES = { 3: 'body', 4: 'query', 5: 'param' } as const;

/** Metadata: the operation answers without a token, and with a valid admin token shows more. */
export const OPTIONAL_ADMIN_AUTH = 'kbe:openapi-optional-admin-auth';
/** Metadata: API-key security schemes an operation declares (`ApiKeySecurity`), by scheme name. */
export const API_KEY_SCHEMES = 'kbe:openapi-api-key-schemes';
/** Metadata (from @kbe/server-auth): a write a viewer may still make. */
const VIEWER_MAY_CALL = 'kbe:viewer-may-call';

/** What a handler validates with zod, read from the pipes of its parameters. */
export interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  /** Path parameter name -> its schema. */
  params: Record<string, z.ZodType>;
  optionalAdminAuth: boolean;
  viewerMayCall: boolean;
  apiKeySchemes: Record<string, { in: 'header' | 'query'; name: string; description: string }>;
  /** The status of a success set with `@HttpCode()`, if any. */
  httpCode?: number;
}

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

function zodSchemaOfPipes(pipes: unknown[] | undefined): z.ZodType | undefined {
  for (const pipe of pipes ?? []) {
    const schema = (pipe as { schema?: unknown } | null)?.schema;
    if (schema && typeof schema === 'object' && '_zod' in schema && typeof (schema as z.ZodType).safeParse === 'function') {
      return schema as z.ZodType;
    }
  }
  return undefined;
}

/**
 * The zod contract of every route handler of the application, by the operation id
 * @nestjs/swagger gives it (`<Controller>_<method>`): the schemas its validation pipes check.
 */
export function routeContracts(app: INestApplication): Map<string, RouteContract> {
  const contracts = new Map<string, RouteContract>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller?.prototype) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method === 'constructor') continue;
        const handler = (controller.prototype as Record<string, unknown>)[method];
        if (typeof handler !== 'function') continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArgument>;
        const contract: RouteContract = {
          params: {},
          optionalAdminAuth: Boolean(Reflect.getMetadata(OPTIONAL_ADMIN_AUTH, handler) ?? Reflect.getMetadata(OPTIONAL_ADMIN_AUTH, controller)),
          viewerMayCall: Boolean(Reflect.getMetadata(VIEWER_MAY_CALL, handler) ?? Reflect.getMetadata(VIEWER_MAY_CALL, controller)),
          httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
          apiKeySchemes: (Reflect.getMetadata(API_KEY_SCHEMES, handler) ?? {}) as RouteContract['apiKeySchemes'],
        };
        for (const [key, argument] of Object.entries(args)) {
          const kind = PARAM_TYPES[Number(key.split(':')[0]) as keyof typeof PARAM_TYPES];
          const schema = zodSchemaOfPipes(argument.pipes);
          if (!kind || !schema) continue;
          if (kind === 'param' && typeof argument.data === 'string') contract.params[argument.data] = schema;
          else if (kind === 'body' && argument.data === undefined) contract.body = schema;
          else if (kind === 'query' && argument.data === undefined) contract.query = schema;
        }
        contracts.set(`${controller.name}_${method}`, contract);
      }
    }
  }
  return contracts;
}
