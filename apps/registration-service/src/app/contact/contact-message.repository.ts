import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ContactMessage } from '@kbe/contracts';
import type { Model } from 'mongoose';
import type { Page, PageRequest } from '../common/pagination';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  createdAt: Date;
}

export interface ContactMessageRepository {
  add(message: ContactMessage, at: Date): Promise<StoredContactMessage>;
  /** Newest first. */
  list(page: PageRequest): Promise<Page<StoredContactMessage>>;
}

export const CONTACT_MESSAGE_REPOSITORY = Symbol('CONTACT_MESSAGE_REPOSITORY');

@Schema({ collection: 'contact_messages', versionKey: false })
export class ContactMessageDocument {
  @Prop({ type: String, required: true }) firstName!: string;
  @Prop({ type: String, required: true }) lastName!: string;
  @Prop({ type: String, required: true }) email!: string;
  @Prop({ type: String, required: true }) gradeLevel!: string;
  @Prop({ type: String, required: true }) message!: string;
  @Prop({ type: Date, required: true }) createdAt!: Date;
}

export const ContactMessageSchema = SchemaFactory.createForClass(ContactMessageDocument);
// Serves the admin list: find().sort({ createdAt: -1 }).
ContactMessageSchema.index({ createdAt: -1 });

@Injectable()
export class MongoContactMessageRepository implements ContactMessageRepository {
  constructor(@InjectModel(ContactMessageDocument.name) private readonly model: Model<ContactMessageDocument>) {}

  async add(message: ContactMessage, at: Date): Promise<StoredContactMessage> {
    const doc = await this.model.create({ ...message, createdAt: at });
    return { ...message, id: String(doc._id), createdAt: at };
  }

  async list(page: PageRequest): Promise<Page<StoredContactMessage>> {
    const [docs, total] = await Promise.all([
      this.model
        .find()
        .sort({ createdAt: -1 })
        .skip((page.page - 1) * page.limit)
        .limit(page.limit)
        .lean()
        .exec(),
      this.model.countDocuments().exec(),
    ]);
    return {
      items: docs.map(({ _id, firstName, lastName, email, gradeLevel, message, createdAt }) => ({
        id: String(_id),
        firstName,
        lastName,
        email,
        gradeLevel,
        message,
        createdAt,
      })),
      total,
    };
  }
}
