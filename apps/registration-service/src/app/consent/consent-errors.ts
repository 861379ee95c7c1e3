import { HttpException, HttpStatus } from '@nestjs/common';

/** A consent answer that tells the client when to try again (429 with Retry-After). */
export class RetryLaterException extends HttpException {
  constructor(
    message: string,
    readonly retryAt: Date,
    readonly now: Date,
  ) {
    super({ statusCode: HttpStatus.TOO_MANY_REQUESTS, message }, HttpStatus.TOO_MANY_REQUESTS);
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.retryAt.getTime() - this.now.getTime()) / 1000));
  }
}

/** A refused code, named at the `otp` field for the form. */
export class OtpRefusedException extends HttpException {
  constructor(message: string, status: HttpStatus.BAD_REQUEST | HttpStatus.GONE) {
    super({ statusCode: status, message, errors: [{ field: 'otp', message }] }, status);
  }
}
