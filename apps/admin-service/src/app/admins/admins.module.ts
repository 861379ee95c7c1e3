import { DynamicModule, Module, OnApplicationBootstrap, Inject } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AdminAuthController } from './admin-auth.controller';
import { ADMIN_REPOSITORY, MongoAdminRepository } from './admin.repository';
import { AdminDocument, AdminSchema } from './admin.schema';
import { BcryptPasswordHasher, PASSWORD_HASHER } from './password-hasher';
import { EnsureAdminAccountUseCase } from './usecases/ensure-admin-account.usecase';
import { GetCurrentAdminUseCase } from './usecases/get-current-admin.usecase';
import { LoginUseCase } from './usecases/login.usecase';

export interface AdminsModuleOptions {
  /** ADMIN_USERNAME / ADMIN_PASSWORD: the account is created or reset at start. */
  seedAccount?: { username: string; password: string };
}

const ADMINS_OPTIONS = Symbol('ADMINS_OPTIONS');

/** Admin accounts: login (JWT), `/me`, and the account seeded from the environment. */
@Module({})
export class AdminsModule implements OnApplicationBootstrap {
  constructor(
    private readonly ensureAccount: EnsureAdminAccountUseCase,
    @Inject(ADMINS_OPTIONS) private readonly options: AdminsModuleOptions,
  ) {}

  static forRoot(options: AdminsModuleOptions): DynamicModule {
    return {
      module: AdminsModule,
      imports: [MongooseModule.forFeature([{ name: AdminDocument.name, schema: AdminSchema }])],
      controllers: [AdminAuthController],
      providers: [
        { provide: ADMINS_OPTIONS, useValue: options },
        { provide: ADMIN_REPOSITORY, useClass: MongoAdminRepository },
        { provide: PASSWORD_HASHER, useClass: BcryptPasswordHasher },
        LoginUseCase,
        GetCurrentAdminUseCase,
        EnsureAdminAccountUseCase,
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const seed = this.options.seedAccount;
    if (seed) await this.ensureAccount.execute(seed.username, seed.password);
  }
}
