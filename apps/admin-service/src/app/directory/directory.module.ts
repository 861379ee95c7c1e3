import { Global, Module, type DynamicModule } from '@nestjs/common';
import { REGISTRATION_CLIENT, RegistrationClient } from '../common/registration.client';
import { AdminCandidatesController } from './admin-candidates.controller';
import { AdminDirectoryController, AdminFilesController } from './admin-directory.controller';
import { FILE_LINK_SIGNER, FileLinkSigner } from './file-link.signer';
import { AdminCandidatesUseCase } from './usecases/candidates.usecase';
import { DirectoryUseCase } from './usecases/directory.usecase';

export interface DirectoryModuleOptions {
  registrationServiceUrl: string;
  internalApiToken: string;
  /** Secret the file links are signed with (derived from the token signing key). */
  fileLinkSecret: string;
}

/** Candidates, mentors, schools, dashboard and inbox: registration-service's data, through its internal API. */
@Global()
@Module({})
export class DirectoryModule {
  static forRoot(options: DirectoryModuleOptions): DynamicModule {
    return {
      module: DirectoryModule,
      controllers: [AdminCandidatesController, AdminDirectoryController, AdminFilesController],
      providers: [
        { provide: REGISTRATION_CLIENT, useValue: new RegistrationClient(options.registrationServiceUrl, options.internalApiToken) },
        { provide: FILE_LINK_SIGNER, useValue: new FileLinkSigner(options.fileLinkSecret) },
        AdminCandidatesUseCase,
        DirectoryUseCase,
      ],
      exports: [REGISTRATION_CLIENT],
    };
  }
}
