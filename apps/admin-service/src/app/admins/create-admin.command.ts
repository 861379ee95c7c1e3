import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { ADMIN_ROLES, type AdminRole } from '@kbe/contracts';
import { composeEnv, loadConfig, mongoEnv, serviceEnv } from '@kbe/server-config';
import { DatabaseModule, databaseOptionsFromEnv } from '@kbe/server-database';
import { errorMessage } from '@kbe/server-bootstrap';
import { SERVICE_NAME } from '../admin.config';
import { ADMIN_REPOSITORY, MongoAdminRepository } from './admin.repository';
import { AdminDocument, AdminSchema } from './admin.schema';
import { Argon2PasswordHasher, PASSWORD_HASHER } from './password-hasher';
import { EnsureAdminAccountUseCase } from './usecases/ensure-admin-account.usecase';

const USAGE =
  'Usage: create-admin --username <name> [--role admin|viewer]  (password from ADMIN_PASSWORD, else one line on stdin)';

@Module({})
class CreateAdminModule {
  static forRoot(config: Parameters<typeof databaseOptionsFromEnv>[1]): DynamicModule {
    return {
      module: CreateAdminModule,
      imports: [
        DatabaseModule.forRoot(databaseOptionsFromEnv(SERVICE_NAME, config)),
        MongooseModule.forFeature([{ name: AdminDocument.name, schema: AdminSchema }]),
      ],
      providers: [
        { provide: ADMIN_REPOSITORY, useClass: MongoAdminRepository },
        { provide: PASSWORD_HASHER, useClass: Argon2PasswordHasher },
        EnsureAdminAccountUseCase,
      ],
    };
  }
}

export function parseCreateAdminArgs(args: readonly string[]): { username: string; role: AdminRole } {
  const value = (flag: string) => {
    const index = args.indexOf(flag);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const username = value('--username');
  const role = value('--role') ?? 'admin';
  if (!username || !/^[A-Za-z0-9._@-]{3,64}$/.test(username)) throw new Error(`--username must be 3-64 letters, digits, . _ @ -\n${USAGE}`);
  if (!(ADMIN_ROLES as readonly string[]).includes(role)) throw new Error(`--role must be admin or viewer\n${USAGE}`);
  return { username, role: role as AdminRole };
}

async function readPassword(env: NodeJS.ProcessEnv): Promise<string> {
  if (env['ADMIN_PASSWORD']) return env['ADMIN_PASSWORD'];
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/)[0] ?? '';
}

/** `node dist/apps/admin-service/main.js create-admin --username x [--role viewer]`: creates or resets an account. */
export async function runCreateAdmin(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  try {
    const { username, role } = parseCreateAdminArgs(args);
    const password = await readPassword(env);
    if (password.length < 8) throw new Error('The password must be at least 8 characters long');
    const config = loadConfig(composeEnv(serviceEnv(3103), mongoEnv), env);
    const context = await NestFactory.createApplicationContext(CreateAdminModule.forRoot(config), { logger: ['error'] });
    try {
      await context.get(EnsureAdminAccountUseCase).execute(username, password, role);
    } finally {
      await context.close();
    }
    process.stdout.write(`Admin account "${username}" (${role}) created or reset.\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n`);
    return 1;
  }
}
