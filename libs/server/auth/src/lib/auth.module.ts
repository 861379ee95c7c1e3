import { DynamicModule, Module, type Provider } from '@nestjs/common';
import { AdminGuard } from './admin.guard';
import { AdminTokenIssuer } from './admin-token.issuer';
import { AdminTokenVerifier } from './admin-token.verifier';
import { AUTH_OPTIONS, type AuthOptions } from './auth.options';
import { InternalApiGuard } from './internal-api.guard';
import { HttpTokenRevocationList, TOKEN_REVOCATION_LIST } from './token-revocation';

export interface AuthModuleExtras {
  /**
   * Where revoked token ids are looked up: a provider of TOKEN_REVOCATION_LIST (admin-service: its
   * own sessions), or the admin-service URL to ask over the internal API (other services).
   */
  revocation?: Provider | { adminServiceUrl: string };
}

/** Admin JWT verification (`@AdminOnly()`), internal-token checks (`@InternalOnly()`) and token signing. Global. */
@Module({})
export class AuthModule {
  static forRoot(options: AuthOptions, extras: AuthModuleExtras = {}): DynamicModule {
    const revocation = extras.revocation;
    const revocationProviders: Provider[] = !revocation
      ? []
      : 'adminServiceUrl' in revocation
        ? [
            {
              provide: TOKEN_REVOCATION_LIST,
              useValue: new HttpTokenRevocationList(revocation.adminServiceUrl, options.internalApiToken),
            },
          ]
        : [revocation];
    return {
      module: AuthModule,
      global: true,
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        AdminTokenVerifier,
        AdminGuard,
        InternalApiGuard,
        AdminTokenIssuer,
        ...revocationProviders,
      ],
      exports: [AUTH_OPTIONS, AdminTokenVerifier, AdminGuard, InternalApiGuard, AdminTokenIssuer, ...(revocationProviders.length ? [TOKEN_REVOCATION_LIST] : [])],
    };
  }
}
