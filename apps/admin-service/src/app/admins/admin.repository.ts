import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { AdminDocument } from './admin.schema';

export interface AdminAccount {
  username: string;
  passwordHash: string;
  role: 'admin';
}

export interface AdminRepository {
  findByUsername(username: string): Promise<AdminAccount | null>;
  /** Creates the account, or replaces its password when it exists. */
  upsert(account: AdminAccount): Promise<void>;
}

export const ADMIN_REPOSITORY = Symbol('ADMIN_REPOSITORY');

@Injectable()
export class MongoAdminRepository implements AdminRepository {
  constructor(@InjectModel(AdminDocument.name) private readonly model: Model<AdminDocument>) {}

  async findByUsername(username: string): Promise<AdminAccount | null> {
    const doc = await this.model.findOne({ username }).lean().exec();
    return doc ? { username: doc.username, passwordHash: doc.passwordHash, role: doc.role } : null;
  }

  async upsert(account: AdminAccount): Promise<void> {
    await this.model
      .updateOne(
        { username: account.username },
        { $set: { passwordHash: account.passwordHash, role: account.role } },
        { upsert: true },
      )
      .exec();
  }
}
