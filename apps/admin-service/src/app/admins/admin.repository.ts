import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { AdminRole } from '@kbe/contracts';
import type { Model } from 'mongoose';
import { AdminDocument } from './admin.schema';

export interface AdminAccount {
  username: string;
  passwordHash: string;
  role: AdminRole;
}

export interface AdminRepository {
  findByUsername(username: string): Promise<AdminAccount | null>;
  /** Creates the account, or replaces its password and role when it exists. */
  upsert(account: AdminAccount): Promise<void>;
  /** Replaces the hash only if it is still `previousHash` (re-hash on login). */
  replaceHash(username: string, previousHash: string, newHash: string): Promise<void>;
}

export const ADMIN_REPOSITORY = Symbol('ADMIN_REPOSITORY');

@Injectable()
export class MongoAdminRepository implements AdminRepository {
  constructor(@InjectModel(AdminDocument.name) private readonly model: Model<AdminDocument>) {}

  async findByUsername(username: string): Promise<AdminAccount | null> {
    const doc = await this.model.findOne({ username }).lean().exec();
    return doc ? { username: doc.username, passwordHash: doc.passwordHash, role: doc.role ?? 'admin' } : null;
  }

  async upsert(account: AdminAccount): Promise<void> {
    await this.model
      .updateOne({ username: account.username }, { $set: { passwordHash: account.passwordHash, role: account.role } }, { upsert: true })
      .exec();
  }

  async replaceHash(username: string, previousHash: string, newHash: string): Promise<void> {
    await this.model.updateOne({ username, passwordHash: previousHash }, { $set: { passwordHash: newHash } }).exec();
  }
}
