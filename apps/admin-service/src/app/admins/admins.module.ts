import { DynamicModule, Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AdminAuthController, InternalAuthController } from './admin-auth.controller';
import { ADMIN_REPOSITORY, MongoAdminRepository } from './admin.repository';
import { AdminDocument, AdminSchema } from './admin.schema';
import { LOGIN_ATTEMPT_STORE, LoginAttemptDocument, LoginAttemptSchema, MongoLoginAttemptStore } from './login-attempts.store';
import { Argon2PasswordHasher, PASSWORD_HASHER } from './password-hasher';
import { EnsureAdminAccountUseCase } from './usecases/ensure-admin-account.usecase';
import { GetCurrentAdminUseCase } from './usecases/get-current-admin.usecase';
import { LOGIN_POLICY, LoginUseCase, type LoginPolicy } from './usecases/login.usecase';

export interface AdminsModuleOptions {
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the account is created or reset at start. */
  seedAccount?: { username: string; password: string };
  loginPolicy: LoginPolicy;
}

const ADMINS_OPTIONS = Symbol('ADMINS_OPTIONS');

/** Admin accounts: login (argon2id, brute-force protection), `/me`, logout, and the account seeded from the environment. */
@Module({})
export class AdminsModule implements OnApplicationBootstrap {
  constructor(
    private readonly ensureAccount: EnsureAdminAccountUseCase,
    @Inject(ADMINS_OPTIONS) private readonly options: AdminsModuleOptions,
  ) {}

  static forRoot(options: AdminsModuleOptions): DynamicModule {
    return {
      module: AdminsModule,
      imports: [
        MongooseModule.forFeature([
          { name: AdminDocument.name, schema: AdminSchema },
          { name: LoginAttemptDocument.name, schema: LoginAttemptSchema },
        ]),
      ],
      controllers: [AdminAuthController, InternalAuthController],
      providers: [
        { provide: ADMINS_OPTIONS, useValue: options },
        { provide: LOGIN_POLICY, useValue: options.loginPolicy },
        { provide: ADMIN_REPOSITORY, useClass: MongoAdminRepository },
        { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
        { provide: LOGIN_ATTEMPT_STORE, useClass: MongoLoginAttemptStore },
        LoginUseCase,
        GetCurrentAdminUseCase,
        EnsureAdminAccountUseCase,
      ],
      exports: [EnsureAdminAccountUseCase],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const seed = this.options.seedAccount;
    if (seed) await this.ensureAccount.execute(seed.username, seed.password);
  }
}
