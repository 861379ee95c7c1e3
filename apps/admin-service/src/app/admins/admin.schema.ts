import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { ADMIN_ROLES, type AdminRole } from '@kbe/contracts';

@Schema({ collection: 'admins', versionKey: false, timestamps: true })
export class AdminDocument {
  @Prop({ type: String, required: true })
  username!: string;

  /** argon2id (PHC string); older accounts may still hold a bcrypt hash until their next login. */
  @Prop({ type: String, required: true })
  passwordHash!: string;

  @Prop({ type: String, required: true, enum: ADMIN_ROLES, default: 'admin' })
  role!: AdminRole;
}

export const AdminSchema = SchemaFactory.createForClass(AdminDocument);
// Serves login and /me: findOne({ username }); also makes usernames unique.
AdminSchema.index({ username: 1 }, { unique: true });
