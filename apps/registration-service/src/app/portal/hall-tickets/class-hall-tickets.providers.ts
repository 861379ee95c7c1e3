import type { Provider } from '@nestjs/common';
import { CLASS_HALL_TICKETS_JOB_STORE, MongoClassHallTicketsJobStore } from './class-hall-tickets-job.store';
import { ClassHallTicketsUseCase } from './class-hall-tickets.usecase';
import { DOCUMENT_BUNDLES, HttpDocumentBundles } from './documents-bundles.client';

/** The class hall tickets' providers, as PortalModule lists them. */
export const classHallTicketsProviders: Provider[] = [
  { provide: CLASS_HALL_TICKETS_JOB_STORE, useClass: MongoClassHallTicketsJobStore },
  { provide: DOCUMENT_BUNDLES, useClass: HttpDocumentBundles },
  ClassHallTicketsUseCase,
];
