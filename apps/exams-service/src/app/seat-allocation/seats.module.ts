import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MongoSeatRepository, SEAT_REPOSITORY } from './seat.repository';
import { SeatDocument, SeatSchema } from './seat.schema';

/** The seats allocations issue (`seats`): read by centres (a delete), seat allocation and attendance. */
@Module({
  imports: [MongooseModule.forFeature([{ name: SeatDocument.name, schema: SeatSchema }])],
  providers: [{ provide: SEAT_REPOSITORY, useClass: MongoSeatRepository }],
  exports: [SEAT_REPOSITORY],
})
export class SeatsModule {}
