import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'admins', versionKey: false, timestamps: true })
export class AdminDocument {
  @Prop({ type: String, required: true })
  username!: string;

  @Prop({ type: String, required: true })
  passwordHash!: string;

  @Prop({ type: String, required: true, enum: ['admin'], default: 'admin' })
  role!: 'admin';
}

export const AdminSchema = SchemaFactory.createForClass(AdminDocument);
// Serves login and /me: findOne({ username }); also makes usernames unique.
AdminSchema.index({ username: 1 }, { unique: true });
