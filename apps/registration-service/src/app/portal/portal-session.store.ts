import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PortalRole } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Model } from 'mongoose';
import { CLOCK, type Clock } from '../common/clock';

/** A signed-in school or mentor, as the session keeps them. */
export interface PortalSessionRecord {
  /** SHA-256 of the bearer token (hex): the token itself is kept nowhere. */
  tokenHash: string;
  role: PortalRole;
  /** The school or mentor code signed in with. */
  code: string;
  /** The school's own code, or the mentor's school. */
  schoolCode: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The portal's sessions; every statement is by `_id` (the token's hash). */
export interface PortalSessionStore {
  create(session: PortalSessionRecord): Promise<void>;
  find(tokenHash: string): Promise<PortalSessionRecord | null>;
  /** Ends a session at once (logout); false when there was none. */
  remove(tokenHash: string): Promise<boolean>;
}
export const PORTAL_SESSION_STORE = Symbol('PORTAL_SESSION_STORE');

@Schema({ collection: 'portal_sessions', versionKey: false })
export class PortalSessionDocument {
  /** SHA-256 of the token (hex): the only key a request names. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  role!: PortalRole;

  @Prop({ type: String, required: true })
  code!: string;

  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}

export const PortalSessionSchema = SchemaFactory.createForClass(PortalSessionDocument);
// Lookups and logout are by `_id` only. This TTL index serves no query: MongoDB deletes sessions
// past `expiresAt` (the guard refuses them before that anyway). FerretDB 1.24 does not implement
// TTL indexes (it refuses this one), so the store also sweeps them (docs/adr/0008).
PortalSessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** How often ended sessions are swept (a small collection: the sessions of the last hour). */
const SWEEP_EVERY_MS = 15 * 60_000;

@Injectable()
export class MongoPortalSessionStore implements PortalSessionStore, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MongoPortalSessionStore.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectModel(PortalSessionDocument.name) private readonly model: Model<PortalSessionDocument>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn(`ended portal sessions not swept: ${errorMessage(error)}`));
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Deletes the sessions past their end, off any request path. */
  async sweep(): Promise<number> {
    const result = await this.model.deleteMany({ expiresAt: { $lte: this.clock.now() } }).exec();
    return result.deletedCount;
  }

  async create(session: PortalSessionRecord): Promise<void> {
    const { tokenHash, ...fields } = session;
    await this.model.create({ _id: tokenHash, ...fields });
  }

  async find(tokenHash: string): Promise<PortalSessionRecord | null> {
    const doc = await this.model.findOne({ _id: tokenHash }).lean<PortalSessionDocument>().exec();
    if (!doc) return null;
    return { tokenHash: doc._id, role: doc.role, code: doc.code, schoolCode: doc.schoolCode, createdAt: doc.createdAt, expiresAt: doc.expiresAt };
  }

  async remove(tokenHash: string): Promise<boolean> {
    const result = await this.model.deleteOne({ _id: tokenHash }).exec();
    return result.deletedCount === 1;
  }
}
