import { Controller, Get, Module, Param, Put, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { methodNotAllowedMiddleware } from './method-not-allowed.middleware';

@Controller('mentors')
class MentorsProbe {
  @Get('export.csv')
  export() {
    return 'csv';
  }

  @Put(':id')
  update(@Param('id') id: string) {
    return { updated: id };
  }
}

@Module({ controllers: [MentorsProbe] })
class ProbeModule {}

describe('methodNotAllowedMiddleware', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await NestFactory.create(ProbeModule, { logger: false });
    app.use(methodNotAllowedMiddleware(app));
    await app.init();
  });

  afterAll(() => app.close());

  it('answers a concrete path by its own methods, not by a templated path that also matches it', async () => {
    const response = await request(app.getHttpServer()).put('/mentors/export.csv').expect(405);
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
    await request(app.getHttpServer()).get('/mentors/export.csv').expect(200, 'csv');
  });

  it('finds the concrete path as Express does: in any case and with a trailing slash', async () => {
    const response = await request(app.getHttpServer()).put('/MENTORS/Export.CSV/').expect(405);
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
    await request(app.getHttpServer()).get('/Mentors/export.csv/').expect(200, 'csv');
  });

  it('answers OPTIONS on a known path with its methods, and leaves an unknown path to 404', async () => {
    const response = await request(app.getHttpServer()).options('/mentors/export.csv').expect(204);
    expect(response.headers['allow']).toBe('GET, HEAD, OPTIONS');
    await request(app.getHttpServer()).delete('/mentors/export.csv/more').expect(404);
  });

  it('still serves the templated path for everything else', async () => {
    await request(app.getHttpServer()).put('/mentors/MEN-000001').expect(200, { updated: 'MEN-000001' });
  });
});
