import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { workspaceRoot } from './local-process';

const run = promisify(execFile);

export type InfraServer = 'mongo' | 'kafka' | 'minio';

/**
 * Fault injection through the infra tool's own CLI (`stop` / `start`), which owns the servers.
 * `start` waits until the server is ready again. (The CLI is an ES module; running it as a
 * process keeps jest's CommonJS sandbox out of the way.)
 */
export async function infraControl(command: 'stop' | 'start', server: InfraServer): Promise<void> {
  const root = workspaceRoot();
  try {
    await run(process.execPath, [join(root, 'tools/infra/cli.mjs'), command, server], {
      cwd: root,
      timeout: 180_000,
    });
  } catch (error) {
    const output = (error as { stderr?: string; stdout?: string }).stderr || (error as { stdout?: string }).stdout || '';
    throw new Error(`tools/infra ${command} ${server} failed: ${output || (error as Error).message}`);
  }
}
