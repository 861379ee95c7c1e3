import { Body, Controller, ForbiddenException, Get, Inject, Param, Patch, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  adminMentorListQuerySchema,
  adminSchoolListQuerySchema,
  contactInboxQuerySchema,
  candidateIdParamSchema,
  MENTOR_CODE_PATTERN,
  mentorRegistrationSchema,
  mentorStatusSchema,
  type MentorRegistration,
  type AdminDashboardResponse,
  type AdminMentorListResponse,
  type AdminMentorResponse,
  type AdminSchoolListResponse,
  type ContactInboxResponse,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { Req } from '@nestjs/common';
import { z } from 'zod';
import type { RequestOrigin } from '../audit/audit-log';
import type { Query as ClientQuery } from '../common/registration.client';
import { FILE_LINK_SIGNER, type FileLinkSigner } from './file-link.signer';
import { AdminCandidatesUseCase } from './usecases/candidates.usecase';
import { DirectoryUseCase } from './usecases/directory.usecase';

const mentorCodePipe = new ZodValidationPipe(
  z.string().trim().toUpperCase().regex(MENTOR_CODE_PATTERN, { error: 'Mentor code must look like MEN-XXXXXX' }),
);

@ApiTags('admin')
@Controller('admin')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenLists })
export class AdminDirectoryController {
  constructor(private readonly directory: DirectoryUseCase) {}

  @Get('dashboard')
  async dashboard(): Promise<AdminDashboardResponse> {
    return { success: true, message: 'Dashboard', data: await this.directory.dashboard() };
  }

  @Get('mentors')
  async mentors(
    @Query(new ZodValidationPipe(adminMentorListQuerySchema)) query: z.output<typeof adminMentorListQuerySchema>,
  ): Promise<AdminMentorListResponse> {
    return { success: true, message: 'Mentors', data: await this.directory.mentors(query as ClientQuery) };
  }

  @Get('mentors/export.csv')
  @ApiOkResponse({ description: 'The mentors as CSV.', content: { 'text/csv': { schema: { type: 'string' } } } })
  exportMentors(@Query(new ZodValidationPipe(adminMentorListQuerySchema)) query: z.output<typeof adminMentorListQuerySchema>) {
    return new StreamableFile(this.directory.exportMentors(query as ClientQuery), {
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment; filename="mentors.csv"',
    });
  }

  @Post('mentors')
  @ApiUnprocessableEntityResponse({ description: 'School Code not found' })
  async addMentor(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(mentorRegistrationSchema)) body: MentorRegistration,
  ): Promise<AdminMentorResponse> {
    return { success: true, message: 'Mentor added', data: await this.directory.addMentor(admin, origin, body) };
  }

  @Put('mentors/:code')
  @ApiUnprocessableEntityResponse({ description: 'School Code not found' })
  @ApiNotFoundResponse({ description: 'Mentor not found' })
  async updateMentor(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('code', mentorCodePipe) code: string,
    @Body(new ZodValidationPipe(mentorRegistrationSchema)) body: MentorRegistration,
  ): Promise<AdminMentorResponse> {
    return { success: true, message: 'Mentor updated', data: await this.directory.updateMentor(admin, origin, code, body) };
  }

  @Get('mentors/:code')
  @ApiNotFoundResponse({ description: 'Mentor not found' })
  async mentor(@Param('code', mentorCodePipe) code: string): Promise<AdminMentorResponse> {
    return { success: true, message: 'Mentor', data: await this.directory.mentor(code) };
  }

  @Patch('mentors/:code/status')
  @ApiNotFoundResponse({ description: 'Mentor not found' })
  async mentorStatus(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('code', mentorCodePipe) code: string,
    @Body(new ZodValidationPipe(mentorStatusSchema)) body: { isActive: boolean },
  ): Promise<AdminMentorResponse> {
    const data = await this.directory.setMentorActive(admin, origin, code, body.isActive);
    return { success: true, message: body.isActive ? 'Mentor activated' : 'Mentor deactivated', data };
  }

  @Get('schools')
  async schools(
    @Query(new ZodValidationPipe(adminSchoolListQuerySchema)) query: z.output<typeof adminSchoolListQuerySchema>,
  ): Promise<AdminSchoolListResponse> {
    return { success: true, message: 'Schools', data: await this.directory.schools(query as ClientQuery) };
  }

  @Get('messages')
  async messages(
    @Query(new ZodValidationPipe(contactInboxQuerySchema)) query: z.output<typeof contactInboxQuerySchema>,
  ): Promise<ContactInboxResponse> {
    return { success: true, message: 'Messages', data: await this.directory.messages(query as ClientQuery) };
  }
}

const fileQuery = z.object({ expires: z.string().default(''), signature: z.string().default('') });

/**
 * Photo and signature behind the short-lived signed links of the list answers (no Bearer header:
 * an `<img>` cannot send one). A missing, wrong or expired signature answers 403.
 */
@ApiTags('admin')
@Controller('admin/files')
export class AdminFilesController {
  constructor(
    private readonly candidates: AdminCandidatesUseCase,
    @Inject(FILE_LINK_SIGNER) private readonly links: FileLinkSigner,
  ) {}

  @Get(':id/:file')
  @ApiOkResponse({ description: 'The image.', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } })
  @ApiForbiddenResponse({ description: 'This link has expired or is not valid' })
  @ApiNotFoundResponse({ description: 'Candidate or file not found' })
  async file(
    @Param('id', new ZodValidationPipe(candidateIdParamSchema)) id: string,
    @Param('file', new ZodValidationPipe(z.enum(['photo', 'signature'], { error: 'file must be photo or signature' })))
    file: 'photo' | 'signature',
    @Query(new ZodValidationPipe(fileQuery)) query: z.output<typeof fileQuery>,
  ): Promise<StreamableFile> {
    if (!this.links.isValid(id, file, query.expires, query.signature)) throw new ForbiddenException('This link has expired or is not valid');
    const { body, contentType } = await this.candidates.openFile(id, file);
    return new StreamableFile(body, { type: contentType, disposition: `inline; filename="${id}_${file}.jpg"` });
  }
}
