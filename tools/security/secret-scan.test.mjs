// node --test tools/security/secret-scan.test.mjs
// The secret scan must fail on a planted key. The keys are made up at run time (random, in a
// temporary directory), so no key-looking string is ever committed, not even in this test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { ensureGitleaks } from './secret-scan.mjs';

const script = fileURLToPath(new URL('./secret-scan.mjs', import.meta.url));
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomFrom = (alphabet, length) => [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');

function scanDir(dir) {
  const result = spawnSync(process.execPath, [script, '--dir', dir], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('secret scan', () => {
  const dirs = [];
  const tempDir = (files) => {
    const dir = mkdtempSync(join(tmpdir(), 'kbe-secret-scan-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
    return dir;
  };

  before(async () => {
    await ensureGitleaks(); // built once into the infra cache (about a minute the first time)
  });
  after(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fails on a planted AWS access key and names the file, without printing the key', () => {
    const key = `AKIA${randomFrom(BASE32, 16)}`;
    const dir = tempDir({ 'settings.ts': `export const awsAccessKeyId = '${key}';\n` });
    const { code, output } = scanDir(dir);
    assert.equal(code, 1, output);
    assert.match(output, /FAILED/);
    assert.match(output, /aws-access-token/);
    assert.match(output, /settings\.ts/);
    assert.ok(!output.includes(key), 'the report must redact the key');
  });

  it('fails on a planted GitHub token', () => {
    const dir = tempDir({ 'deploy.env': `GITHUB_TOKEN=ghp_${randomFrom(ALNUM, 36)}\n` });
    const { code, output } = scanDir(dir);
    assert.equal(code, 1, output);
    assert.match(output, /github-pat/);
  });

  it('passes on files without secrets', () => {
    const dir = tempDir({ 'notes.md': 'JWT_SECRET comes from the environment; see .env.example.\n', 'app.ts': 'export const port = 3101;\n' });
    const { code, output } = scanDir(dir);
    assert.equal(code, 0, output);
    assert.match(output, /no secrets found/);
  });
});
