import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InternalHttpClient } from '@kbe/server-auth';
import { APP_CONFIG } from '@kbe/server-config';
import { CentresModule } from '../centres/centres.module';
import type { ExamsConfig } from '../exams.config';
import { SeatAllocationController } from './seat-allocation.controller';
import { MongoSeatAllocationJobRepository, SEAT_ALLOCATION_JOB_REPOSITORY } from './seat-allocation-job.repository';
import { SeatAllocationJobDocument, SeatAllocationJobSchema, SeatAllocationLockDocument, SeatAllocationLockSchema } from './seat-allocation-job.schema';
import { SeatAllocationRunner } from './seat-allocation.runner';
import { SeatsModule } from './seats.module';
import { HttpSeatingSource, SEATING_SOURCE } from './seating.source';
import { StartSeatAllocationUseCase } from './start-seat-allocation.usecase';

/** Seat allocation jobs: the seats they issue, and their hand-over to registration-service; the seating feed is shared with results (category, school). */
@Module({
  imports: [
    CentresModule,
    SeatsModule,
    MongooseModule.forFeature([
      { name: SeatAllocationJobDocument.name, schema: SeatAllocationJobSchema },
      { name: SeatAllocationLockDocument.name, schema: SeatAllocationLockSchema },
    ]),
  ],
  controllers: [SeatAllocationController],
  providers: [
    { provide: SEAT_ALLOCATION_JOB_REPOSITORY, useClass: MongoSeatAllocationJobRepository },
    {
      provide: SEATING_SOURCE,
      inject: [APP_CONFIG],
      useFactory: (config: ExamsConfig) =>
        new HttpSeatingSource(new InternalHttpClient({ baseUrl: config.REGISTRATION_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 30_000 })),
    },
    SeatAllocationRunner,
    StartSeatAllocationUseCase,
  ],
  exports: [SEATING_SOURCE],
})
export class SeatAllocationModule {}
