import { Module } from '@nestjs/common';
import { CandidatesModule } from '../candidates/candidates.module';
import { MentorsModule } from '../mentors/mentors.module';
import { StatisticsModule } from '../statistics/statistics.module';
import { ContactModule } from '../contact/contact.module';
import { SchoolsModule } from '../schools/schools.module';
import { InternalCandidatesController } from './internal-candidates.controller';
import { InternalDirectoryController } from './internal-directory.controller';

/** Service-to-service API under `/internal/...` (InternalApiGuard). */
@Module({
  imports: [CandidatesModule, MentorsModule, StatisticsModule, ContactModule, SchoolsModule],
  controllers: [InternalCandidatesController, InternalDirectoryController],
})
export class InternalModule {}
