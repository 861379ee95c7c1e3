import { Module } from '@nestjs/common';
import { CandidatesModule } from '../candidates/candidates.module';
import { MentorsModule } from '../mentors/mentors.module';
import { SchoolsModule } from '../schools/schools.module';
import { GetStatisticsUseCase } from './get-statistics.usecase';
import { StatisticsController } from './statistics.controller';

@Module({
  imports: [SchoolsModule, MentorsModule, CandidatesModule],
  controllers: [StatisticsController],
  providers: [GetStatisticsUseCase],
  exports: [GetStatisticsUseCase],
})
export class StatisticsModule {}
