import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { ISocketFactory } from 'kafkajs';

/**
 * Sockets end with an error: kafkajs listens for 'error' (not 'close') to give up the connection
 * and stop its request-timeout timer, which would otherwise keep the process alive as well.
 */
const closedError = () => Object.assign(new Error('Kafka client closed'), { code: 'KBE_CLIENT_CLOSED' });

/**
 * A kafkajs socket factory (kafkajs' own, plus bookkeeping) that remembers the sockets it opened,
 * so their owner can end every one of them.
 *
 * Why: after Kafka restarted, a consumer's group coordinator can be a broker object the client no
 * longer lists; `consumer.disconnect()` does not reach it, and a heartbeat still in flight opens
 * its connection again (tulios/kafkajs#1147). That socket kept the process alive after close.
 */
export class ClosableSockets {
  private readonly open = new Set<Socket>();
  private closed = false;

  readonly factory: ISocketFactory = ({ host, port, ssl, onConnect }) => {
    const socket = ssl
      ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ...ssl }, onConnect)
      : netConnect({ host, port }, onConnect);
    socket.setKeepAlive(true, 60_000);
    if (this.closed) {
      // opened by a straggler after close: it fails at once instead of lingering
      socket.destroy(closedError());
      return socket;
    }
    this.open.add(socket);
    socket.once('close', () => this.open.delete(socket));
    return socket;
  };

  /** Ends every open socket, and every one opened from now on. */
  closeAll(): void {
    this.closed = true;
    for (const socket of this.open) socket.destroy(closedError());
    this.open.clear();
  }
}
