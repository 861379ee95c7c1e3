import { HttpException, HttpStatus } from '@nestjs/common';

/** The upload as a whole is refused (400, or 413 past a limit), the message at the multipart part it is about. */
export class ImportRefusedException extends HttpException {
  constructor(field: 'file' | 'photos' | 'dryRun', message: string, status: HttpStatus.BAD_REQUEST | HttpStatus.PAYLOAD_TOO_LARGE = HttpStatus.BAD_REQUEST) {
    super({ statusCode: status, message, errors: [{ field, message }] }, status);
  }
}
