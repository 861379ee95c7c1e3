import {
  CallHandler,
  ExecutionContext,
  HttpStatus,
  Injectable,
  NestInterceptor,
  PayloadTooLargeException,
} from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { CANDIDATE_FILE_FIELDS, MAX_IMAGE_FILE_BYTES, VALIDATION_MESSAGES } from '@kbe/contracts';
import { memoryStorage } from 'multer';
import { catchError, throwError, type Observable } from 'rxjs';

export const FILE_TOO_LARGE_MESSAGE = `${VALIDATION_MESSAGES.fileTooLargeTitle}: ${VALIDATION_MESSAGES.fileTooLargeText}`;

/**
 * Multipart parsing of the candidate form: files `photo` and `signature` in memory, at most
 * 5 MB each, and a bounded number of small text fields. A JSON body passes through untouched.
 */
export const CandidateFilesInterceptor = FileFieldsInterceptor(
  CANDIDATE_FILE_FIELDS.map((name) => ({ name, maxCount: 1 })),
  {
    storage: memoryStorage(),
    limits: { fileSize: MAX_IMAGE_FILE_BYTES, files: 2, fields: 60, fieldSize: 4 * 1024, parts: 64, fieldNameSize: 100 },
  },
);

/** Answers an oversized upload with the form's own message (413) instead of multer's. */
@Injectable()
export class UploadLimitInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) =>
        throwError(() =>
          error instanceof PayloadTooLargeException
            ? new PayloadTooLargeException({ statusCode: HttpStatus.PAYLOAD_TOO_LARGE, message: FILE_TOO_LARGE_MESSAGE })
            : error,
        ),
      ),
    );
  }
}

/** The two uploads, as multer hands them over. */
export type CandidateUploads = Partial<Record<(typeof CANDIDATE_FILE_FIELDS)[number], Array<{ buffer: Buffer }>>>;
