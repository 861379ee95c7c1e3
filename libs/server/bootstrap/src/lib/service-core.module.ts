import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DynamicModule, Module, RequestMethod } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ConfigModule, type ServiceEnv } from '@kbe/server-config';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './all-exceptions.filter';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface ServiceCoreOptions<TConfig extends Pick<ServiceEnv, 'LOG_LEVEL'>> {
  /** e.g. `registration-service`; appears on every log line. */
  service: string;
  config: TConfig;
}

/**
 * What every service needs first: its validated config (injectable with `@InjectConfig()`),
 * JSON logs (one object per line, with the request id), and the JSON error filter.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot<TConfig extends Pick<ServiceEnv, 'LOG_LEVEL'>>(options: ServiceCoreOptions<TConfig>): DynamicModule {
    return {
      module: ServiceCoreModule,
      imports: [
        ConfigModule.forRoot(options.config),
        LoggerModule.forRoot({
          forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
          pinoHttp: {
            level: options.config.LOG_LEVEL,
            base: { service: options.service },
            messageKey: 'message',
            genReqId: requestId,
            customProps: (req) => ({ requestId: req.id }),
            redact: ['req.headers.authorization', 'req.headers["x-internal-token"]', 'req.headers.cookie'],
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
          },
        }),
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}

/** Keeps a sane incoming request id (from the edge), else makes one; echoes it on the response. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
