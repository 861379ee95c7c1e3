import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { mongo, type Connection } from 'mongoose';
import { errorMessage } from '@kbe/server-bootstrap';

type CommandStartedEvent = mongo.CommandStartedEvent;
type CommandSucceededEvent = mongo.CommandSucceededEvent;
type ConnectionClosedEvent = mongo.ConnectionClosedEvent;

/** A server-side cursor this process opened and has neither exhausted nor killed. */
export interface OpenCursor {
  id: string;
  /** `database.collection` */
  namespace: string;
  /** find or aggregate */
  command: string;
  openedAt: number;
  connection: string;
}

export interface CursorLedgerOptions {
  /** A cursor open longer than this is killed (MongoDB's own idle timeout is 10 minutes). */
  maxAgeMs: number;
  /** Beyond this many open cursors the oldest are killed. */
  maxOpen: number;
  /** How often the ledger looks for cursors to kill. */
  sweepEveryMs: number;
}

export const CURSOR_LEDGER_DEFAULTS: CursorLedgerOptions = { maxAgeMs: 60_000, maxOpen: 32, sweepEveryMs: 10_000 };
/** Optional provider of `Partial<CursorLedgerOptions>` (tests shorten the ages). */
export const CURSOR_LEDGER_OPTIONS = Symbol('CURSOR_LEDGER_OPTIONS');

type CursorReply = { cursor?: { id?: unknown; ns?: string }; cursorsKilled?: unknown[] };

/**
 * Every server cursor this process leaves open, learnt from the driver's command events: a `find`
 * or `aggregate` whose first batch did not end it opens one; the `getMore` that reads its end, a
 * `killCursors`, or the close of the connection that opened it ends it. On FerretDB over
 * PostgreSQL an open cursor holds a PostgreSQL connection until it ends (ADR 0004), so a leak
 * starves the whole server: the ledger kills cursors older than `maxAgeMs` or beyond `maxOpen`
 * (oldest first) and logs each with where it came from, and the health check reports the count.
 */
@Injectable()
export class CursorLedger implements OnModuleDestroy {
  private readonly logger = new Logger(CursorLedger.name);
  private readonly cursors = new Map<string, OpenCursor>();
  /** requestId of a getMore or killCursors -> the cursor ids it names. */
  private readonly pending = new Map<number, string[]>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly client: mongo.MongoClient;
  private readonly options: CursorLedgerOptions;

  constructor(
    @InjectConnection() connection: Connection,
    @Optional() @Inject(CURSOR_LEDGER_OPTIONS) options: Partial<CursorLedgerOptions> | null = null,
  ) {
    this.options = { ...CURSOR_LEDGER_DEFAULTS, ...options };
    this.client = connection.getClient();
    this.client.on('commandStarted', this.onStarted);
    this.client.on('commandSucceeded', this.onSucceeded);
    this.client.on('commandFailed', this.onFailed);
    this.client.on('connectionClosed', this.onConnectionClosed);
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepEveryMs);
    this.sweeper.unref();
  }

  /** The cursors open now, oldest first. */
  open(): OpenCursor[] {
    return [...this.cursors.values()].sort((a, b) => a.openedAt - b.openedAt);
  }

  /** Kills what is too old or too many; resolves with the ids it killed. */
  async sweep(now = Date.now()): Promise<string[]> {
    const open = this.open();
    const excess = Math.max(0, open.length - this.options.maxOpen);
    const doomed = open.filter((cursor, index) => index < excess || now - cursor.openedAt > this.options.maxAgeMs);
    for (const cursor of doomed) {
      const why = now - cursor.openedAt > this.options.maxAgeMs ? `open for ${Math.round((now - cursor.openedAt) / 1000)} s` : `beyond ${this.options.maxOpen} open cursors`;
      this.logger.warn(`killing ${cursor.command} cursor ${cursor.id} on ${cursor.namespace} (${why}): a cursor left unread holds a database connection`);
      await this.kill(cursor).catch((error: unknown) => this.logger.warn(`killCursors ${cursor.id}: ${errorMessage(error)}`));
    }
    return doomed.map((cursor) => cursor.id);
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
    this.client.off('commandStarted', this.onStarted);
    this.client.off('commandSucceeded', this.onSucceeded);
    this.client.off('commandFailed', this.onFailed);
    this.client.off('connectionClosed', this.onConnectionClosed);
  }

  private async kill(cursor: OpenCursor): Promise<void> {
    const dot = cursor.namespace.indexOf('.');
    const [database, collection] = [cursor.namespace.slice(0, dot), cursor.namespace.slice(dot + 1)];
    await this.client.db(database).command({ killCursors: collection, cursors: [mongo.Long.fromString(cursor.id)] });
    this.cursors.delete(cursor.id);
  }

  private readonly onStarted = (event: CommandStartedEvent): void => {
    if (event.commandName === 'getMore') this.pending.set(event.requestId, [String(event.command['getMore'])]);
    if (event.commandName === 'killCursors') this.pending.set(event.requestId, ((event.command['cursors'] as unknown[]) ?? []).map(String));
  };

  private readonly onSucceeded = (event: CommandSucceededEvent): void => {
    const reply = event.reply as CursorReply;
    const named = this.pending.get(event.requestId);
    this.pending.delete(event.requestId);
    if (event.commandName === 'find' || event.commandName === 'aggregate') {
      const id = String(reply.cursor?.id ?? '0');
      if (id !== '0') {
        this.cursors.set(id, { id, namespace: reply.cursor?.ns ?? event.databaseName, command: event.commandName, openedAt: Date.now(), connection: connectionKey(event) });
      }
    } else if (event.commandName === 'getMore' && named && String(reply.cursor?.id ?? '0') === '0') {
      for (const id of named) this.cursors.delete(id);
    } else if (event.commandName === 'killCursors' && named) {
      for (const id of named) this.cursors.delete(id);
    }
  };

  private readonly onFailed = (event: { requestId: number; commandName: string }): void => {
    const named = this.pending.get(event.requestId);
    this.pending.delete(event.requestId);
    // A getMore that failed (cursor not found, killed) leaves no cursor behind.
    if (named && event.commandName === 'getMore') for (const id of named) this.cursors.delete(id);
  };

  private readonly onConnectionClosed = (event: ConnectionClosedEvent): void => {
    const closed = `${event.address}#${event.connectionId}`;
    for (const [id, cursor] of this.cursors) if (cursor.connection === closed) this.cursors.delete(id);
  };
}

function connectionKey(event: CommandSucceededEvent): string {
  return `${event.address}#${String(event.connectionId)}`;
}
