// Chromium for PDFs and browser tests: Debian's package, not a daemon. Checked by launching it
// headless once through playwright-core (which must never download a browser of its own).
import { execFileSync } from 'node:child_process';
import { InfraError } from '../lib/config.mjs';
import { runStep, which } from '../lib/toolchain.mjs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation', 'fonts-dejavu-core', 'fonts-noto-core', 'poppler-utils'];

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-sync',
  '--disable-background-networking', '--no-first-run', '--disable-component-update',
];

/** Version line of the Chromium at `path`, or undefined when it does not run. */
export function chromiumVersion(path) {
  try {
    // Debian's /usr/bin/chromium wrapper prints shell noise on stderr (/etc/chromium.d/dev-shm): ignore it.
    const out = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 30_000 });
    return out.trim().split('\n')[0] || undefined;
  } catch {
    return undefined;
  }
}

function missingPackages() {
  if (!which('dpkg-query')) return [];
  return CHROMIUM_PACKAGES.filter((name) => {
    try {
      const status = execFileSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      return !status.includes('install ok installed');
    } catch {
      return true;
    }
  });
}

export const chromiumServer = {
  name: 'chromium',
  daemon: false,
  title: 'Chromium (Debian package)',
  ports: () => [],

  version: undefined,

  async install({ p, s, progress }) {
    const works = Boolean(chromiumVersion(s.chromiumPath));
    if (s.chromiumPath !== DEBIAN_CHROMIUM) {
      // A Chromium of the developer's choice: we cannot install it, only check that it runs.
      if (works) return 'cached';
      throw new InfraError(`CHROMIUM_PATH=${s.chromiumPath} does not run (\`${s.chromiumPath} --version\` fails): point it to a working Chromium or unset it to use Debian's ${DEBIAN_CHROMIUM}`);
    }
    const missing = missingPackages();
    if (works && missing.length === 0) return 'cached';
    const wanted = missing.length ? missing : CHROMIUM_PACKAGES;
    const command = `apt-get update && apt-get install -y ${wanted.join(' ')}`;
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    if (!root || !which('apt-get')) {
      throw new InfraError(`Chromium (or its fonts/poppler) is missing at ${s.chromiumPath}: install the Debian packages with \`${root ? '' : 'sudo '}${command}\` (never a downloaded browser)`);
    }
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const logFile = p.installLog(this.name);
    const shown = { progress, label: this.name };
    await runStep({ title: 'apt-get update', command: 'apt-get', args: ['update'], env, logFile, timeoutMs: 10 * 60_000, ...shown });
    await runStep({ title: `apt-get install ${wanted.join(' ')}`, command: 'apt-get', args: ['install', '-y', '--no-install-recommends', ...wanted], env, logFile, timeoutMs: 30 * 60_000, ...shown });
    if (!chromiumVersion(s.chromiumPath)) {
      throw new InfraError(`apt-get installed ${wanted.join(' ')} but ${s.chromiumPath} --version still fails; see ${logFile}`);
    }
    return 'built';
  },

  /** One headless launch through playwright-core, then close. */
  async probe({ s }) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: s.chromiumPath, args: CHROMIUM_ARGS, timeout: 60_000 });
    try {
      return `launched headless via playwright-core`;
    } finally {
      await browser.close();
    }
  },
};
