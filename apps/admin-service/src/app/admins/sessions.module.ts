import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TOKEN_REVOCATION_LIST } from '@kbe/server-auth';
import { MongoRevokedTokenStore, RevokedTokenDocument, RevokedTokenSchema } from './revoked-token.store';

/** Revoked (logged-out) tokens; the admin guard of this service checks them directly. Global. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: RevokedTokenDocument.name, schema: RevokedTokenSchema }])],
  providers: [MongoRevokedTokenStore, { provide: TOKEN_REVOCATION_LIST, useExisting: MongoRevokedTokenStore }],
  exports: [MongoRevokedTokenStore, TOKEN_REVOCATION_LIST],
})
export class SessionsModule {}
