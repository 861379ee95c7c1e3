import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { portalCandidateQuerySchema, type PortalCandidateQueryParsed } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { Readable } from 'node:stream';
import { importTemplateCsv } from './import-template';
import { CurrentPortalUser, PortalSignedIn } from './portal-session.guard';
import type { PortalPrincipal } from './portal-session';
import { DescribePortalAccountUseCase } from './usecases/describe-portal-account.usecase';
import { ListPortalCandidatesUseCase } from './usecases/list-portal-candidates.usecase';
import { ListPortalMentorsUseCase } from './usecases/list-portal-mentors.usecase';

const candidateQuery = new ZodValidationPipe(portalCandidateQuerySchema);

/**
 * The portal of a signed-in school or mentor: who they are, their pupils (a school: every pupil of
 * its mentors; a mentor: their own) with status columns and counts, the CSV export, a school's
 * mentors, and the bulk-registration template. Every call needs the session's bearer token.
 */
@ApiTags('portal')
@Controller('portal')
@PortalSignedIn()
export class PortalController {
  constructor(
    private readonly account: DescribePortalAccountUseCase,
    private readonly candidates: ListPortalCandidatesUseCase,
    private readonly mentors: ListPortalMentorsUseCase,
  ) {}

  @Get('me')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The school or mentor signed in, their school, the number of mentors (a school) and the counts of their pupils.' })
  @ApiOkResponse({ description: '{ success, data: PortalAccount }' })
  async me(@CurrentPortalUser() principal: PortalPrincipal) {
    return { success: true, data: await this.account.execute(principal) };
  }

  @Get('candidates')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "A page of the school's (or mentor's) pupils with status columns, filtered, searched and sorted as the admin list; the counts cover every pupil in scope." })
  @ApiOkResponse({ description: '{ success, data: { candidates: PortalCandidateRow[], pagination, counts } }' })
  list(@CurrentPortalUser() principal: PortalPrincipal, @Query(candidateQuery) query: PortalCandidateQueryParsed) {
    return { success: true, data: this.candidates.execute(principal, query) };
  }

  @Get('candidates/export.csv')
  @ApiOperation({ summary: 'Every matching pupil as CSV (PORTAL_CSV_COLUMNS), written page by page.' })
  @ApiOkResponse({ description: 'The pupils as CSV.', content: { 'text/csv': { schema: { type: 'string' } } } })
  exportCsv(@CurrentPortalUser() principal: PortalPrincipal, @Query(candidateQuery) query: PortalCandidateQueryParsed): StreamableFile {
    return new StreamableFile(Readable.from(this.candidates.exportCsv(principal, query)), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="pupils.csv"',
    });
  }

  @Get('mentors')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The school's mentors with their number of pupils (schools only)." })
  @ApiOkResponse({ description: '{ success, data: { mentors: PortalMentorRow[] } }' })
  @ApiForbiddenResponse({ description: 'Only the school can see its mentors.' })
  async listMentors(@CurrentPortalUser() principal: PortalPrincipal) {
    return { success: true, data: await this.mentors.execute(principal) };
  }

  @Get('imports/template.csv')
  @ApiOperation({ summary: 'The bulk-registration CSV: every field of the registration form (the candidate schema’s names, flattened) and the photo’s and signature’s file names in the ZIP, with one example row.' })
  @ApiOkResponse({ description: 'The template as CSV.', content: { 'text/csv': { schema: { type: 'string' } } } })
  template(): StreamableFile {
    return new StreamableFile(Buffer.from(importTemplateCsv(), 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="registration-template.csv"',
    });
  }
}
