import type { Provider } from '@nestjs/common';
import { InternalHttpClient } from '@kbe/server-auth';
import { APP_CONFIG } from '@kbe/server-config';
import type { RegistrationConfig } from '../../registration.config';
import { DOCUMENTS_RESULTS_PDF, HttpDocumentsResultsPdf } from './documents-results.client';
import { PortalResultsReportUseCase } from './portal-results-report.usecase';

/** The school report's providers, as PortalModule lists them. */
export const portalResultsProviders: Provider[] = [
  {
    provide: DOCUMENTS_RESULTS_PDF,
    inject: [APP_CONFIG],
    useFactory: (config: RegistrationConfig) =>
      new HttpDocumentsResultsPdf(new InternalHttpClient({ baseUrl: config.DOCUMENTS_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 60_000 })),
  },
  PortalResultsReportUseCase,
];
