import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, test } from 'node:test';

import { startBalancer } from './balancer.mjs';

/** A replica that answers its name and echoes the body it got. */
function replica(name) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => res.writeHead(200, { 'x-replica': name }).end(`${name}:${req.method}:${req.url}:${body}`));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const portOf = (server) => server.address().port;
const closed = [];
after(() => Promise.all(closed.map((server) => new Promise((resolve) => server.close(resolve)))));

test('sends requests to the replicas in turn, bodies and paths as sent', async () => {
  const [a, b] = await Promise.all([replica('a'), replica('b')]);
  const balancer = await startBalancer({ name: 'probe', port: 0, targets: [{ port: portOf(a) }, { port: portOf(b) }] });
  closed.push(a, b, balancer);
  const answers = [];
  for (let i = 0; i < 4; i += 1) {
    const response = await fetch(`http://127.0.0.1:${portOf(balancer)}/api/x?i=${i}`, { method: 'POST', body: `n${i}` });
    answers.push(await response.text());
  }
  assert.deepEqual(answers, ['a:POST:/api/x?i=0:n0', 'b:POST:/api/x?i=1:n1', 'a:POST:/api/x?i=2:n2', 'b:POST:/api/x?i=3:n3']);
});

test('skips a replica that is gone, and says so when none answers', async () => {
  const a = await replica('a');
  const gone = await replica('gone');
  const gonePort = portOf(gone);
  await new Promise((resolve) => gone.close(resolve));
  const balancer = await startBalancer({ name: 'probe', port: 0, targets: [{ port: gonePort }, { port: portOf(a) }] });
  closed.push(a, balancer);
  for (let i = 0; i < 3; i += 1) assert.equal((await (await fetch(`http://127.0.0.1:${portOf(balancer)}/`)).text()).split(':')[0], 'a');
  await new Promise((resolve) => a.close(resolve));
  closed.splice(closed.indexOf(a), 1);
  const none = await fetch(`http://127.0.0.1:${portOf(balancer)}/`);
  assert.equal(none.status, 502);
  assert.deepEqual(await none.json(), { statusCode: 502, message: 'probe: no replica answered' });
});
