import { DynamicModule, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AdminJwtStrategy } from './admin-jwt.strategy';
import { AdminGuard } from './admin.guard';
import { AdminTokenIssuer } from './admin-token.issuer';
import { AUTH_OPTIONS, type AuthOptions } from './auth.options';
import { InternalApiGuard } from './internal-api.guard';

/** Admin JWT verification (`@AdminOnly()`), internal-token checks (`@InternalOnly()`) and token signing. Global. */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports: [PassportModule, JwtModule.register({})],
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        AdminJwtStrategy,
        AdminGuard,
        InternalApiGuard,
        AdminTokenIssuer,
      ],
      exports: [AUTH_OPTIONS, AdminGuard, InternalApiGuard, AdminTokenIssuer],
    };
  }
}
