import { HttpStatus } from '@nestjs/common';
import { centreRuleIssues, type Centre } from '@kbe/contracts';
import { RequestValidationError } from '@kbe/server-bootstrap';

/** A well-formed centre that breaks a rule across its fields (overlap, unknown room, ...) cannot be stored: 422 naming each. */
export function assertCentreRules(centre: Centre): Centre {
  const issues = centreRuleIssues(centre);
  if (issues.length > 0) {
    throw new RequestValidationError(issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })), HttpStatus.UNPROCESSABLE_ENTITY);
  }
  return centre;
}
