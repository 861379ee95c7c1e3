// S3 object storage: MinIO built from the Go module proxy at a pinned pseudo-version.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled } from '../lib/installs.mjs';
import { minioCredentials } from '../lib/env-file.mjs';
import { goOutputKind } from '../lib/progress.mjs';
import { requireGo, runStep } from '../lib/toolchain.mjs';

// The upstream repository has no release tags in the module proxy: pin a commit.
export const MINIO_VERSION = 'v0.0.0-20260212201848-7aac2a2c5b7c';
const BINARY = join('bin', 'minio');

export const minioServer = {
  name: 'minio',
  daemon: true,
  version: MINIO_VERSION,
  title: `MinIO ${MINIO_VERSION}`,
  installKey: `minio-${MINIO_VERSION}`,
  readyTimeoutMs: 120_000,
  stopGraceMs: 20_000,
  ports: (s) => [s.minioPort, s.minioConsolePort],

  async install({ p, progress }) {
    return ensureInstalled({
      dir: p.install(this.installKey),
      // no stamp: the directory name is the whole recipe (a binary built earlier is reused)
      stamp: undefined,
      artifact: BINARY,
      build: async (staging) => {
        const go = requireGo('Building MinIO');
        await runStep({
          title: `go install MinIO ${MINIO_VERSION}`,
          command: go,
          // -v names each package as it is compiled: the heartbeat's "last" line and counter
          args: ['install', '-v', '-trimpath', `github.com/minio/minio@${MINIO_VERSION}`],
          cwd: p.home,
          env: { ...process.env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOBIN: join(staging, 'bin') },
          logFile: p.installLog(this.name),
          timeoutMs: 60 * 60_000,
          progress,
          label: this.name,
          expect: 'first build about 3 min and ~1.8 GB of Go module cache; once per machine',
          kind: goOutputKind,
        });
      },
    });
  },

  async prepare({ p }) {
    mkdirSync(p.data('minio'), { recursive: true });
  },

  launch({ p, s }) {
    const credentials = minioCredentials(p);
    return {
      command: join(p.install(this.installKey), BINARY),
      args: ['server', p.data('minio'), '--address', `${s.host}:${s.minioPort}`, '--console-address', `${s.host}:${s.minioConsolePort}`],
      env: {
        ...process.env,
        MINIO_ROOT_USER: credentials.accessKey,
        MINIO_ROOT_PASSWORD: credentials.secretKey,
        MINIO_UPDATE: 'off',
        MINIO_BROWSER: 'off',
      },
      cwd: p.home,
      marker: p.data('minio'),
    };
  },

  async probe({ s }) {
    const response = await fetch(`http://${s.host}:${s.minioPort}/minio/health/ready`, { signal: AbortSignal.timeout(2000) });
    if (response.status !== 200) throw new Error(`/minio/health/ready answered ${response.status}`);
    return 'health/ready 200';
  },
};
