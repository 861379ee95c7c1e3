import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  PORTAL_IMPORT_LIMITS,
  portalImportListQuerySchema,
  portalImportRequestSchema,
  type PortalImportListQueryParsed,
  type PortalImportRequestParsed,
} from '@kbe/contracts';
import { multipartBody, ZodValidationPipe } from '@kbe/server-bootstrap';
import { RateLimited } from '../../common/rate-limit';
import { CurrentPortalUser, PortalSignedIn } from '../portal-session.guard';
import type { PortalPrincipal } from '../portal-session';
import { PortalImportUploadInterceptor, type PortalImportUploads } from './portal-import-upload.interceptor';
import { ReadPortalImportsUseCase } from './read-portal-imports.usecase';
import { StartPortalImportUseCase } from './start-portal-import.usecase';

const SHEET_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/**
 * Bulk registration by a signed-in school or mentor (docs/school-portal-jobs.md): a sheet of pupils
 * (the template's columns) and a ZIP of their photos and signatures, checked row by row with the
 * public form's rules (a dry run) or registered (an import), as a background job.
 */
@ApiTags('portal')
@Controller('portal/imports')
@PortalSignedIn()
export class PortalImportsController {
  constructor(
    private readonly startImport: StartPortalImportUseCase,
    private readonly imports: ReadPortalImportsUseCase,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RateLimited('portal-import')
  @UseInterceptors(PortalImportUploadInterceptor)
  @ApiOperation({
    summary:
      'Upload a sheet of pupils (CSV or XLSX, the template’s columns, at most 1,000 rows and 2 MB) and a ZIP of their photos and signatures (named in the rows, at most 150 MB and 2,500 files). dryRun=true checks every row and stores nothing; false registers the valid rows. The job runs in the background: GET /api/portal/imports/{id}.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody(
    multipartBody(portalImportRequestSchema, {
      file: { required: true, description: `The sheet: CSV (UTF-8) or XLSX, the columns of GET /api/portal/imports/template.csv, at most ${PORTAL_IMPORT_LIMITS.rows} pupils and ${PORTAL_IMPORT_LIMITS.sheetLabel}.`, contentTypes: SHEET_TYPES },
      photos: { required: false, description: `A ZIP of the photos and signatures the rows name (photo, signature columns), at most ${PORTAL_IMPORT_LIMITS.archiveLabel} and ${PORTAL_IMPORT_LIMITS.archiveEntries} files, each at most 5 MB unpacked.`, contentTypes: ['application/zip'] },
    }),
  )
  @ApiAcceptedResponse({ description: '{ success, data: PortalImportJob } (status queued; the rows follow as the job runs).' })
  @ApiBadRequestResponse({ description: 'No sheet, a sheet that is not CSV or XLSX, columns other than the template’s (named), no rows, an unreadable ZIP, dryRun not true or false.' })
  @ApiPayloadTooLargeResponse({ description: 'The sheet is over 2 MB or 1,000 rows, or the ZIP over 150 MB or 2,500 files.' })
  async start(
    @CurrentPortalUser() principal: PortalPrincipal,
    @Body(new ZodValidationPipe(portalImportRequestSchema)) body: PortalImportRequestParsed,
    @UploadedFiles() files: PortalImportUploads | undefined,
  ) {
    const sheet = files?.file?.[0];
    const photos = files?.photos?.[0];
    const job = await this.startImport.execute(principal, {
      dryRun: body.dryRun,
      sheet: sheet && { fileName: sheet.originalname, bytes: sheet.buffer },
      photos: photos && { bytes: photos.buffer },
    });
    return { success: true, data: job };
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The imports and dry runs of the school or mentor signed in, newest first, without their rows.' })
  @ApiOkResponse({ description: '{ success, data: { imports: PortalImportSummary[], pagination } }' })
  async list(@CurrentPortalUser() principal: PortalPrincipal, @Query(new ZodValidationPipe(portalImportListQuerySchema)) query: PortalImportListQueryParsed) {
    return { success: true, data: await this.imports.list(principal, query) };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'One import or dry run of the school or mentor signed in: its progress and the outcome of every row done (errors per field, with the form’s messages).' })
  @ApiParam({ name: 'id', schema: { type: 'string', format: 'uuid' } })
  @ApiOkResponse({ description: '{ success, data: PortalImportJob }' })
  @ApiNotFoundResponse({ description: 'No such import of this school or mentor (another’s is answered the same).' })
  async one(@CurrentPortalUser() principal: PortalPrincipal, @Param('id') id: string) {
    return { success: true, data: await this.imports.one(principal, id) };
  }
}
