import { centreUpdateSchema, type Centre } from '@kbe/contracts';
import { parseRequest, RequestValidationError } from '@kbe/server-bootstrap';
import { CENTRE_MESSAGES } from './centre.messages';

/**
 * The body of `PUT /api/admin/centres/{code}` as a centre: the code is the path's; a body code,
 * when given, must name the same centre (any case), else 400.
 */
export function centreUpdateBody(pathCode: string, body: unknown): Centre {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const given = (body as { code?: unknown }).code;
    if (given !== undefined && (typeof given !== 'string' || given.trim().toUpperCase() !== pathCode)) {
      throw new RequestValidationError([{ field: 'code', message: CENTRE_MESSAGES.codeMismatch(String(given), pathCode) }]);
    }
    return parseRequest(centreUpdateSchema, { ...body, code: pathCode });
  }
  return parseRequest(centreUpdateSchema, body);
}
