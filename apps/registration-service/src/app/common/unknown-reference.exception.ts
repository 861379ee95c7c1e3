import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 422: the payload is well formed but names something that does not exist (an unknown school
 * or mentor code): `{ statusCode, message, errors: [{ field, message }] }`.
 */
export class UnknownReferenceException extends HttpException {
  constructor(field: string, message: string) {
    super(
      { statusCode: HttpStatus.UNPROCESSABLE_ENTITY, message, errors: [{ field, message }] },
      HttpStatus.UNPROCESSABLE_ENTITY,
    );
  }
}
