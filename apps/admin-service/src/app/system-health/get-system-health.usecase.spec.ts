import { GetSystemHealthUseCase } from './get-system-health.usecase';
import type { ServiceHealth, ServiceHealthProbe } from './service-health.probe';

function useCase(answers: Record<string, ServiceHealth>) {
  const asked: string[] = [];
  const probe: ServiceHealthProbe = {
    probe: async (service, url) => {
      asked.push(`${service} ${url}`);
      const answer = answers[service];
      if (!answer) throw new Error(`unexpected ${service}`);
      return answer;
    },
  };
  const services = { 'registration-service': 'http://r', 'documents-service': 'http://d' };
  return { asked, useCase: new GetSystemHealthUseCase(probe, { services, timeoutMs: 2000 }) };
}

const ok: ServiceHealth = { status: 'ok', httpStatus: 200, checks: { mongodb: { status: 'up' } } };

describe('GetSystemHealthUseCase', () => {
  it('is ok when every service is ok', async () => {
    const { asked, useCase: health } = useCase({ 'registration-service': ok, 'documents-service': ok });
    await expect(health.execute()).resolves.toEqual({
      status: 'ok',
      services: { 'registration-service': ok, 'documents-service': ok },
    });
    expect(asked).toEqual(['registration-service http://r', 'documents-service http://d']);
  });

  it('is degraded when one service is unreachable or reports a dependency down', async () => {
    const down: ServiceHealth = { status: 'error', httpStatus: 503, checks: { kafka: { status: 'down' } } };
    const unreachable: ServiceHealth = { status: 'unreachable', message: 'ECONNREFUSED' };
    await expect(useCase({ 'registration-service': down, 'documents-service': ok }).useCase.execute()).resolves.toMatchObject({
      status: 'degraded',
      services: { 'registration-service': down },
    });
    await expect(useCase({ 'registration-service': ok, 'documents-service': unreachable }).useCase.execute()).resolves.toMatchObject({
      status: 'degraded',
      services: { 'documents-service': unreachable },
    });
  });
});
