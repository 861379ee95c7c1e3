import { Body, Controller, Get, HttpCode, Module, NotFoundException, Param, Post, Query, UseGuards, type CanActivate, type INestApplication } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiNotFoundResponse, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import request from 'supertest';
import { z } from 'zod';
import { createServiceApp } from './create-service-app';
import { ApiKeySecurity, ApiPdfResponse, multipartBody, OptionalAdminAuth, openApiPath } from './openapi-document';
import { ServiceCoreModule } from './service-core.module';
import { ZodValidationPipe } from './zod-validation.pipe';

const bodySchema = z.strictObject({
  name: z.string().trim().min(1).max(20),
  fees: z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), z.number().gt(0)),
  note: z.string().optional(),
});
const querySchema = z.strictObject({ page: z.coerce.number().int().min(1).optional(), search: z.string().max(50).optional() });
const codeSchema = z.string().regex(/^SCH-\d{6}$/);

class AllowAll implements CanActivate {
  canActivate() {
    return true;
  }
}

@Controller('probes')
class ProbesController {
  @Post()
  create(@Body(new ZodValidationPipe(bodySchema)) body: z.output<typeof bodySchema>) {
    return { name: body.name };
  }

  @Get()
  @UseGuards(AllowAll)
  @OptionalAdminAuth()
  @ApiBearerAuth()
  list(@Query(new ZodValidationPipe(querySchema)) query: z.output<typeof querySchema>) {
    return { page: query.page ?? 1 };
  }

  @Get(':code/:kind')
  @ApiNotFoundResponse({ description: 'No such probe' })
  @ApiPdfResponse('The probe as a PDF.')
  one(@Param('code', new ZodValidationPipe(codeSchema)) code: string) {
    throw new NotFoundException(`No probe ${code}`);
  }

  @Post('admin-only')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiTooManyRequestsResponse({ description: 'Slow down.' })
  adminOnly() {
    return { ok: true };
  }

  @Post('upload')
  @ApiConsumes('multipart/form-data')
  @ApiBody(
    multipartBody(
      z.strictObject({ owner: z.strictObject({ name: z.string() }), guardian: z.strictObject({ name: z.string(), mobile: z.string().optional() }).optional() }),
      { picture: { required: true, description: 'A picture.', contentTypes: ['image/png', 'image/gif'] } },
    ),
  )
  upload() {
    return { ok: true };
  }

  @Post('webhook')
  @HttpCode(200)
  @ApiKeySecurity({ hookToken: { in: 'header', name: 'x-hook-token', description: 'The shared secret.' } })
  webhook() {
    return { ok: true };
  }
}

@Module({ controllers: [ProbesController] })
class ProbesModule {}

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown> & { responses: Record<string, Record<string, unknown>> }>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

describe('the OpenAPI document and the method answers of a service', () => {
  let app: INestApplication;
  let doc: Doc;

  beforeAll(async () => {
    const config = { LOG_LEVEL: 'silent' as const, HTTP_BODY_LIMIT: '1kb' };
    app = await createServiceApp({
      service: 'probe-service',
      config,
      module: { module: ProbesModule, imports: [ServiceCoreModule.forRoot({ service: 'probe-service', config })] },
      apiDocsUiOf: ['probe-service', 'other-service'],
    });
    await app.init();
    doc = (await request(app.getHttpServer()).get(openApiPath('probe-service')).expect(200)).body as Doc;
  });

  afterAll(async () => {
    await app.close();
  });

  it('is OpenAPI 3.1 with the error body as a component', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.schemas['ErrorBody']).toMatchObject({ required: ['statusCode', 'message'] });
  });

  it('describes a JSON body from the zod schema the pipe validates with, and its error answers', () => {
    const create = doc.paths['/api/probes']['post'];
    expect(create['requestBody']).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            additionalProperties: false,
            required: ['name', 'fees'],
            properties: {
              name: { type: 'string', minLength: 1, maxLength: 20, pattern: '\\S' },
              // the preprocessed number as a JSON client sends it; 3.1 keeps exclusiveMinimum a number
              fees: { type: 'number', exclusiveMinimum: 0 },
              note: { type: 'string' },
            },
          },
        },
      },
    });
    expect(create['security']).toEqual([]);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '413', '415']);
    expect(create.responses['400']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
  });

  it('lists query parameters from the query schema and marks an optional token as optional', () => {
    const list = doc.paths['/api/probes']['get'];
    expect(list['parameters']).toEqual([
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
      { name: 'search', in: 'query', required: false, schema: { type: 'string', maxLength: 50 } },
    ]);
    expect(list['security']).toEqual([{}, { bearer: [] }]);
    expect(Object.keys(list.responses).sort()).toEqual(['200', '400', '401']);
  });

  it('documents every path parameter, PDFs as application/pdf and declared errors with the error body', () => {
    const one = doc.paths['/api/probes/{code}/{kind}']['get'];
    expect(one['parameters']).toEqual([
      { name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^SCH-\\d{6}$' } },
      { name: 'kind', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(Object.keys(one.responses['200']['content'] as object)).toEqual(['application/pdf']);
    expect(one.responses['404']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });
  });

  it('names a refused path parameter in the error', async () => {
    const response = await request(app.getHttpServer()).get('/api/probes/SCH-12/pdf').expect(400);
    expect(response.body.errors).toEqual([{ field: 'code', message: expect.any(String) }]);
  });

  it('describes a multipart form with bracketed names and the media types each file part accepts', () => {
    const content = (doc.paths['/api/probes/upload']['post']['requestBody'] as { content: Record<string, unknown> }).content;
    expect(content['multipart/form-data']).toEqual({
      schema: {
        type: 'object',
        properties: {
          'owner[name]': { type: 'string' },
          'guardian[name]': { type: 'string' },
          'guardian[mobile]': { type: 'string' },
          picture: { type: 'string', format: 'binary', description: 'A picture.' },
        },
        required: ['owner[name]', 'picture'],
        // an optional group's required fields come with any of its fields
        dependentRequired: { 'guardian[mobile]': ['guardian[name]'] },
        additionalProperties: false,
      },
      encoding: { picture: { contentType: 'image/png, image/gif' } },
    });
  });

  it('gives a guarded write 401 and 403, and a 429 its Retry-After header', () => {
    const adminOnly = doc.paths['/api/probes/admin-only']['post'];
    expect(adminOnly['security']).toEqual([{ bearer: [] }]);
    expect(Object.keys(adminOnly.responses).sort()).toEqual(['200', '401', '403', '429']);
    expect(adminOnly.responses['429']['headers']).toMatchObject({ 'Retry-After': { required: true } });
  });

  it('declares API-key security schemes an operation uses', () => {
    expect(doc.paths['/api/probes/webhook']['post']['security']).toEqual([{ hookToken: [] }]);
    expect(doc.components.securitySchemes['hookToken']).toEqual({ type: 'apiKey', in: 'header', name: 'x-hook-token', description: 'The shared secret.' });
  });

  it('answers a method a known path does not have with 405 and Allow, OPTIONS with 204 and Allow', async () => {
    const response = await request(app.getHttpServer()).delete('/api/probes').expect(405);
    expect(response.headers['allow']).toBe('POST, GET, HEAD, OPTIONS');
    expect(response.body).toEqual({ statusCode: 405, message: 'Method DELETE is not allowed on /api/probes' });
    const options = await request(app.getHttpServer()).options('/api/probes/SCH-000001/x').expect(204);
    expect(options.headers['allow']).toBe('GET, HEAD, OPTIONS');
  });

  it('still answers an unknown path with 404', async () => {
    await request(app.getHttpServer()).delete('/api/nothing-here').expect(404);
  });

  it('serves the browsable documentation of the listed services with a page policy', async () => {
    const page = await request(app.getHttpServer()).get('/api/docs/').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('/api/docs/ui/swagger-ui-bundle.js');
    const init = await request(app.getHttpServer()).get('/api/docs/ui/init.js').expect(200);
    expect(init.text).toContain('"url":"/api/docs/probe-service.json"');
    expect(init.text).toContain('"url":"/api/docs/other-service.json"');
    const bundle = await request(app.getHttpServer()).get('/api/docs/ui/swagger-ui-bundle.js').expect(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });
});
