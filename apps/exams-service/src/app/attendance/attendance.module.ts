import { Module } from '@nestjs/common';
import { CentresModule } from '../centres/centres.module';
import { SeatsModule } from '../seat-allocation/seats.module';
import { AttendanceController } from './attendance.controller';
import { CentreAttendance } from './centre-attendance';

/** Who sat each paper: marked per room, or imported per centre. */
@Module({
  imports: [CentresModule, SeatsModule],
  controllers: [AttendanceController],
  providers: [CentreAttendance],
})
export class AttendanceModule {}
