// A service's replicas behind one port, as a Kubernetes Service puts its pods behind one address:
// each request goes to the next replica in turn (round robin); a replica that refuses the
// connection (stopped, crashed) is skipped for that request, so a killed replica costs no request
// that it never received. Nothing is added to the request (no X-Forwarded-For: a Service is not a
// proxy the services count as a hop).
import { createServer, request as httpRequest } from 'node:http';

/**
 * @param {{ name: string, port: number, host?: string, targets: { port: number, host?: string }[] }} options
 * @returns {Promise<import('node:http').Server>} listening
 */
export function startBalancer({ name, port, host = '127.0.0.1', targets }) {
  let next = 0;
  const server = createServer((req, res) => {
    // The body is kept until a replica takes it, so a refused connection can be tried on the next.
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), 0));

    function forward(body, tried) {
      const target = targets[next++ % targets.length];
      const upstream = httpRequest({ host: target.host ?? '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.once('error', (error) => {
        const { code } = /** @type {NodeJS.ErrnoException} */ (error);
        if (code === 'ECONNREFUSED' && tried + 1 < targets.length) return forward(body, tried + 1);
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ statusCode: 502, message: `${name}: no replica answered` }));
      });
      upstream.end(body);
    }
  });
  return new Promise((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, host, () => resolveListen(server));
  });
}
