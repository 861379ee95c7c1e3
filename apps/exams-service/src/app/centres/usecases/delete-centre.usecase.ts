import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { SEAT_REPOSITORY, type SeatRepository } from '../../seat-allocation/seat.repository';
import { CENTRE_MESSAGES } from '../centre.messages';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centre.repository';

/** Removes a centre (404 for an unknown code; 409 while seats are allocated there); its number is not issued again. */
@Injectable()
export class DeleteCentreUseCase {
  constructor(
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    @Inject(SEAT_REPOSITORY) private readonly seats: SeatRepository,
  ) {}

  async execute(code: string): Promise<void> {
    if (await this.seats.anyAtCentre(code)) throw new ConflictException(CENTRE_MESSAGES.hasSeats(code));
    if (!(await this.centres.delete(code))) throw new NotFoundException(CENTRE_MESSAGES.notFound(code));
  }
}
