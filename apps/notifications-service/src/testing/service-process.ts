import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** A notifications-service process started from its sources (tools/test/ts-register.cjs), as in production but unbuilt. */
export class ServiceProcess {
  private child?: ChildProcess;
  private output = '';
  readonly baseUrl: string;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
    readonly port: number,
    /** Extra node flags, e.g. `--cpu-prof` for a profile of the service. */
    private readonly nodeArgs: readonly string[] = [],
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** Starts it and waits until its health endpoint answers 200. */
  async start(timeoutMs = 90_000): Promise<void> {
    // Not workspaceRoot() from @kbe/server-testing: its index loads jest fixtures, and the benchmark runs this outside jest.
    const root = join(__dirname, '../../../..');
    this.output = '';
    const child = spawn(process.execPath, [...this.nodeArgs, '-r', join(root, 'tools/test/ts-register.cjs'), join(root, 'apps/notifications-service/src/main.ts')], {
      cwd: root,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited with ${child.exitCode}: ${this.output.slice(-3000)}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health/notifications-service`, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${this.name} not healthy after ${timeoutMs} ms: ${this.output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** SIGKILL: a crash, nothing finished or handed back. */
  async kill(): Promise<void> {
    await this.signal('SIGKILL');
  }

  /** SIGTERM: graceful shutdown. */
  async stop(): Promise<void> {
    await this.signal('SIGTERM');
  }

  /** The process id while it runs (the benchmark reads its CPU time from /proc). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get log(): string {
    return this.output;
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }
}
