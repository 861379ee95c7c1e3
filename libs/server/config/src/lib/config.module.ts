import { DynamicModule, Inject, Module } from '@nestjs/common';

/** Injection token of the validated, typed config of the running service. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** Injects the service config: `constructor(@InjectConfig() config: RegistrationConfig)`. */
export const InjectConfig = (): ParameterDecorator => Inject(APP_CONFIG);

/**
 * Makes the config validated at start (`loadConfig`) injectable everywhere. The config is passed
 * in rather than read here, so the env is validated exactly once, before Nest starts.
 */
@Module({})
export class ConfigModule {
  static forRoot<T extends object>(config: T): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: Object.freeze({ ...config }) }],
      exports: [APP_CONFIG],
    };
  }
}
