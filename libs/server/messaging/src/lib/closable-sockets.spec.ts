import { createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { ClosableSockets } from './closable-sockets';

describe('ClosableSockets', () => {
  let server: Server;
  let port: number;
  const accepted: Socket[] = [];

  beforeAll(async () => {
    server = createServer((socket) => accepted.push(socket)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of accepted) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const errors: Error[] = [];
  const open = (sockets: ClosableSockets) =>
    new Promise<Socket>((resolve) => {
      const socket = sockets.factory({ host: '127.0.0.1', port, ssl: undefined as never, onConnect: () => resolve(socket) });
      socket.on('error', (error) => errors.push(error)); // kafkajs gives a connection up on 'error'
    });

  it('ends every socket it opened, and opens none after closeAll', async () => {
    const sockets = new ClosableSockets();
    const first = await open(sockets);
    const second = await open(sockets);

    sockets.closeAll();
    expect(first.destroyed).toBe(true);
    expect(second.destroyed).toBe(true);

    const late = sockets.factory({ host: '127.0.0.1', port, ssl: undefined as never, onConnect: () => undefined });
    late.on('error', (error) => errors.push(error));
    expect(late.destroyed).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((error) => error.message)).toEqual(['Kafka client closed', 'Kafka client closed', 'Kafka client closed']);
  });
});
