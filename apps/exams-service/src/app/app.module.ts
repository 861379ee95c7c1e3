import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure } from '@kbe/server-infrastructure';
import { CentresModule } from './centres/centres.module';
import { SeatAllocationModule } from './seat-allocation/seat-allocation.module';
import { AttendanceModule } from './attendance/attendance.module';
import { PrintedListsModule } from './printed-lists/printed-lists.module';
import { ResultsModule } from './results/results.module';
import { SERVICE_NAME, type ExamsConfig } from './exams.config';

/**
 * exams-service: exam centres (rooms, sittings), seat allocation, attendance and results.
 * Dependencies: MongoDB, Kafka.
 */
@Module({})
export class AppModule {
  static forRoot(config: ExamsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [...serviceInfrastructure(SERVICE_NAME, config), CentresModule, SeatAllocationModule, AttendanceModule, PrintedListsModule, ResultsModule],
    };
  }
}
