// Starting and stopping the edge and the page server alike: a port from the environment, listen,
// then prerender the public pages ahead of the first visitor.

/**
 * PORT from the environment (default 8080); exits with a clear message when it is not a port.
 * @param {string} label the process's name in its messages
 */
export function portFromEnv(label, env = process.env) {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`${label}: PORT must be a port number, got "${env.PORT}"\n`);
    process.exit(2);
  }
  return port;
}

/**
 * A TCP server that listens (so address() is an AddressInfo), with what listenAndWarm adds.
 * @typedef {Omit<import('node:http').Server, 'address'> & {
 *   address(): import('node:net').AddressInfo,
 *   prerenderer?: { warm(): Promise<string[]> },
 *   warmed?: Promise<string[]>,
 * }} ListeningServer
 */

/**
 * Listens; resolves with the http.Server once it listens. Its `warmed` promise resolves with the
 * paths the app's prerenderer (express `app.locals.prerenderer`, if any) rendered; a failure
 * leaves the pages to the browser.
 * @param {import('express').Express} app
 * @param {{ port: number, host: string, label: string }} options
 * @returns {Promise<ListeningServer>}
 */
export function listenAndWarm(app, { port, host, label }) {
  return new Promise((resolveStart, rejectStart) => {
    const server = /** @type {ListeningServer} */ (/** @type {unknown} */ (app.listen(port, host)));
    server.prerenderer = app.locals.prerenderer;
    server.once('listening', () => {
      server.warmed = server.prerenderer?.warm().catch((error) => {
        process.stderr.write(`${label}: prerendering failed, pages are rendered in the browser: ${error.message}\n`);
        return [];
      });
      resolveStart(server);
    });
    server.once('error', rejectStart);
  });
}

/**
 * Closes the server on SIGINT or SIGTERM, then exits.
 * @param {{ close(callback: () => void): unknown }} server
 */
export function stopOnSignals(server) {
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
