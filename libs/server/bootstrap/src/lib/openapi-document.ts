import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** Path of a service's OpenAPI document: `/api/docs/<service>.json`. */
export const openApiPath = (service: string) => `/api/docs/${service}.json`;

/** Builds the OpenAPI document from the registered controllers and serves it as JSON. */
export function serveOpenApiDocument(app: INestApplication, service: string, description?: string): void {
  const config = new DocumentBuilder()
    .setTitle(service)
    .setDescription(description ?? `HTTP API of ${service}`)
    .setVersion('1.0')
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config);
  app.getHttpAdapter().get(openApiPath(service), (_request: unknown, response: { json(body: unknown): void }) => {
    response.json(document);
  });
}
