import { HttpStatus } from '@nestjs/common';
import type { Response } from 'express';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** 201 for a new registration; 200 plus `Idempotent-Replayed: true` when the first answer is repeated. */
export function markReplay(response: Response, replayed: boolean): void {
  response.status(replayed ? HttpStatus.OK : HttpStatus.CREATED);
  if (replayed) response.setHeader(REPLAYED_HEADER, 'true');
}
