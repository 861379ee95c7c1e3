import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { DependencyHealthIndicator } from '@kbe/server-health';
import { ConnectionStates, type Connection } from 'mongoose';
import { CursorLedger } from './cursor-ledger';

/** Pings the service's database over its own mongoose connection; reports the cursors it holds open. */
@Injectable()
export class MongoHealthIndicator implements DependencyHealthIndicator {
  readonly dependency = 'mongodb';

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly cursors: CursorLedger,
  ) {}

  async check(): Promise<Record<string, unknown>> {
    const db = this.connection.db;
    if (this.connection.readyState !== ConnectionStates.connected || !db) {
      throw new Error(`not connected (state ${ConnectionStates[this.connection.readyState] ?? this.connection.readyState})`);
    }
    await db.command({ ping: 1 });
    return { database: db.databaseName, openCursors: this.cursors.open().length };
  }
}
