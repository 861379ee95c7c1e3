import { HttpStatus } from '@nestjs/common';
import type { Centre, centreUpdateShapeSchema } from '@kbe/contracts';
import { RequestValidationError } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import { CENTRE_MESSAGES } from './centre.messages';
import { assertCentreRules } from './centre-rules';

/**
 * The body of `PUT /api/admin/centres/{code}` (its fields already checked) as a centre: the code
 * is the path's; a body code, when given, must name the same centre (any case), else 422; then the
 * centre's rules across fields (422).
 */
export function centreUpdateBody(pathCode: string, body: z.output<typeof centreUpdateShapeSchema>): Centre {
  if (body.code !== undefined && body.code !== pathCode) {
    throw new RequestValidationError([{ field: 'code', message: CENTRE_MESSAGES.codeMismatch(body.code, pathCode) }], HttpStatus.UNPROCESSABLE_ENTITY);
  }
  return assertCentreRules({ ...body, code: pathCode });
}
