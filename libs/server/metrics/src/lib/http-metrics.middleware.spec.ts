import { Controller, Get, Injectable, Module, NotFoundException, Param, RequestMethod } from '@nestjs/common';
import type { INestApplication, MiddlewareConsumer, NestMiddleware, NestModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { METHODS } from 'node:http';
import request from 'supertest';
import { httpMetricsMiddleware, routeTemplate, UNMATCHED_ROUTE } from './http-metrics.middleware';
import { METRICS_PATH } from './metrics.controller';
import { Metrics } from './metrics';
import { MetricsModule } from './metrics.module';

@Controller('candidates')
class CandidatesProbe {
  @Get('search/:code')
  search(@Param('code') code: string) {
    if (code === 'KBE000000AAA') throw new NotFoundException('Candidate not found');
    return { code };
  }
}

/** Like the request logger: Nest mounts it as a route for every method and every path. */
@Injectable()
class EveryRouteMiddleware implements NestMiddleware {
  use(_request: unknown, _response: unknown, next: () => void): void {
    next();
  }
}

@Module({ imports: [MetricsModule.forRoot({ service: 'probe-service' })], controllers: [CandidatesProbe] })
class ProbeModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(EveryRouteMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

describe('httpMetricsMiddleware', () => {
  let app: INestApplication;
  const scrape = async () => (await request(app.getHttpServer()).get('/metrics').expect(200)).text;

  beforeAll(async () => {
    app = await NestFactory.create(ProbeModule, { logger: false });
    app.use(httpMetricsMiddleware(app.get(Metrics)));
    app.setGlobalPrefix('api', { exclude: [{ path: METRICS_PATH, method: RequestMethod.GET }] });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('labels a request with the route template and its status, never the code it asked for', async () => {
    await request(app.getHttpServer()).get('/api/candidates/search/KBE123456ABC').expect(200);
    await request(app.getHttpServer()).get('/api/candidates/search/KBE654321XYZ').expect(200);
    await request(app.getHttpServer()).get('/api/candidates/search/KBE000000AAA').expect(404);

    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/api/candidates/search/:code",status="200",service="probe-service"} 2\n');
    expect(text).toContain('http_requests_total{method="GET",route="/api/candidates/search/:code",status="404",service="probe-service"} 1\n');
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{service="probe-service",method="GET",route="\/api\/candidates\/search\/:code",status="200"\} 2$/m,
    );
    expect(text).not.toMatch(/KBE\d{6}[A-Z]{3}/);
  });

  it('labels what no endpoint answered "unmatched", whatever path was asked', async () => {
    await request(app.getHttpServer()).get('/api/candidates/Meena%20Patil').expect(404);
    await request(app.getHttpServer()).post('/api/candidates/search/KBE123456ABC').expect(404);

    const text = await scrape();
    expect(text).toContain(`http_requests_total{method="GET",route="${UNMATCHED_ROUTE}",status="404",service="probe-service"} 1\n`);
    expect(text).toContain(`http_requests_total{method="POST",route="${UNMATCHED_ROUTE}",status="404",service="probe-service"} 1\n`);
    expect(text).not.toContain('Meena');
    expect(text).not.toContain('{*path}');
  });

  it('counts the scrapes of /metrics like any route', async () => {
    await scrape();
    expect(await scrape()).toMatch(/^http_requests_total\{method="GET",route="\/metrics",status="200",service="probe-service"\} \d+$/m);
  });
});

describe('routeTemplate', () => {
  it('is the mount path and the route path of the endpoint that answered', () => {
    expect(routeTemplate({ baseUrl: '/admin', route: { path: '/candidates/:code', methods: { get: true } } } as never)).toBe('/admin/candidates/:code');
    expect(routeTemplate({ route: { path: '/api/health/:service', methods: { get: true } } } as never)).toBe('/api/health/:service');
  });

  it('is "unmatched" without a route, or for a route of every method (route-scoped middleware)', () => {
    expect(routeTemplate({} as never)).toBe(UNMATCHED_ROUTE);
    expect(routeTemplate({ route: { path: '{*path}', methods: { _all: true } } } as never)).toBe(UNMATCHED_ROUTE);
    const everyMethod = Object.fromEntries(METHODS.map((method) => [method.toLowerCase(), true]));
    expect(routeTemplate({ route: { path: '/api/{*path}', methods: everyMethod } } as never)).toBe(UNMATCHED_ROUTE);
  });
});
