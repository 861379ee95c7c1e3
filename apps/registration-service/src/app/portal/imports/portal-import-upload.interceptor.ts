import { BadRequestException, HttpStatus, Injectable, PayloadTooLargeException, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { PORTAL_IMPORT_LIMITS, PORTAL_IMPORT_MESSAGES } from '@kbe/contracts';
import type { Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import type { Observable } from 'rxjs';
import { ImportRefusedException } from './import-refusal';

/** The two file parts of an upload. */
export const PORTAL_IMPORT_FILE_FIELDS = ['file', 'photos'] as const;

export const MULTIPART_UNREADABLE = 'The upload could not be read as a multipart form';

const upload = multer({
  storage: multer.memoryStorage(),
  // the ZIP's limit (the sheet's, much smaller, is checked once it is in)
  limits: { fileSize: PORTAL_IMPORT_LIMITS.archiveBytes, files: 2, fields: 4, fieldSize: 1024, parts: 8, fieldNameSize: 100 },
}).fields(PORTAL_IMPORT_FILE_FIELDS.map((name) => ({ name, maxCount: 1 })));

/** A refused part named precisely: which file was too large, which part was not expected. */
export function uploadError(error: unknown): Error {
  if (error instanceof MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return error.field === 'file'
          ? new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileTooLarge, HttpStatus.PAYLOAD_TOO_LARGE)
          : new ImportRefusedException('photos', PORTAL_IMPORT_MESSAGES.photosTooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
      case 'LIMIT_UNEXPECTED_FILE':
        return new BadRequestException({
          statusCode: HttpStatus.BAD_REQUEST,
          message: `Unexpected file part: ${error.field ?? ''}. Send the sheet as "file" and the ZIP of photos as "photos", one each`,
          errors: [{ field: error.field ?? 'body', message: 'Unexpected file part' }],
        });
      default:
        return new BadRequestException(`${MULTIPART_UNREADABLE}: ${error.message}`);
    }
  }
  if (error instanceof PayloadTooLargeException) return error;
  return new BadRequestException(MULTIPART_UNREADABLE);
}

/**
 * Reads the multipart upload (after the session guard: an anonymous body is never read): the
 * sheet as `file`, the ZIP as `photos`, both in memory, at most 150 MB a file; `dryRun` as a field.
 */
@Injectable()
export class PortalImportUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    await new Promise<void>((resolve, reject) =>
      upload(http.getRequest<Request>(), http.getResponse<Response>(), (error: unknown) => (error ? reject(uploadError(error)) : resolve())),
    );
    return next.handle();
  }
}

/** The uploaded parts, as multer hands them over. */
export type PortalImportUploads = Partial<Record<(typeof PORTAL_IMPORT_FILE_FIELDS)[number], Array<{ buffer: Buffer; originalname: string }>>>;
