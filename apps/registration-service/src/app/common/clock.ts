import { Injectable } from '@nestjs/common';

/** The current time, behind an interface so tests can pin it (never read from env). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

@Injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
