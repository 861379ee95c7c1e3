import { Prop } from '@nestjs/mongoose';
import type { Schema } from 'mongoose';

/**
 * The fields every registration record (school, mentor, candidate) carries for its
 * registration event: the id chosen at insert time and whether the event is in the outbox yet
 * (see RegistrationEventPublisher). A document class extends this; `@Schema` picks the fields up.
 */
export abstract class PendingEventFields {
  @Prop({ type: String, required: true })
  eventId!: string;

  @Prop({ type: Boolean, required: true })
  eventQueued!: boolean;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

/** Adds the index the event re-drive needs to a registration record schema. */
export function indexPendingEvents(schema: Schema): void {
  // Serves the event re-drive: find({ eventQueued: false, createdAt: { $lt } }).sort({ createdAt: 1 }).
  schema.index({ eventQueued: 1, createdAt: 1 });
}
