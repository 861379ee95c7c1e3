// Proves that lint enforces the architecture: each case lints a one-line file placed inside a
// project (never written to disk) and expects the module-boundary rule to refuse it.
// It runs as on a fresh clone: Nx's workspace data (where the project graph is cached) is an empty
// temporary directory, so the rule only works if the ESLint config computes the graph itself.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const freshWorkspaceData = mkdtempSync(join(tmpdir(), 'kbe-nx-workspace-data-'));
process.env.NX_WORKSPACE_DATA_DIRECTORY = freshWorkspaceData;
process.env.NX_DAEMON = 'false';
after(() => rmSync(freshWorkspaceData, { recursive: true, force: true }));
// The probes are never written to disk, so TypeScript's project service cannot type them: the
// type-aware rules are switched off here (the boundary rule needs no types).
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: Object.fromEntries(
      ['no-floating-promises', 'no-misused-promises', 'await-thenable', 'switch-exhaustiveness-check'].map((rule) => [`@typescript-eslint/${rule}`, 'off']),
    ),
  },
});

async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
  // A probe that cannot be parsed checks nothing: fail rather than pass on an empty list.
  assert.deepEqual(result.messages.filter((m) => m.fatal).map((m) => m.message), []);
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

test('browser code cannot import a server library', async () => {
  const errors = await boundaryErrors('apps/public/src/app/boundary-probe.ts', "import { loadConfig } from '@kbe/server-config';\nexport const probe = loadConfig;\n");
  assert.ok(errors.length > 0, 'expected a module-boundary error');
});

test('browser code cannot import server packages such as @nestjs/common', async () => {
  const errors = await boundaryErrors('libs/ui/src/lib/boundary-probe.ts', "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n");
  assert.ok(errors.some((m) => m.includes('@nestjs/common')), errors.join('\n'));
});

test('server code cannot import react', async () => {
  const errors = await boundaryErrors('apps/registration-service/src/app/boundary-probe.ts', "import { useState } from 'react';\nexport const probe = useState;\n");
  assert.ok(errors.some((m) => m.includes('react')), errors.join('\n'));
});

test('server code cannot import a browser library', async () => {
  const errors = await boundaryErrors('apps/admin-service/src/app/boundary-probe.ts', "import { Button } from '@kbe/ui';\nexport const probe = Button;\n");
  assert.ok(errors.length > 0, 'expected a module-boundary error');
});

test('a shared contract cannot import React or NestJS', async () => {
  const errors = await boundaryErrors('libs/contracts/src/lib/boundary-probe.ts', "import { Module } from '@nestjs/common';\nexport const probe = Module;\n");
  assert.ok(errors.length > 0, 'expected a module-boundary error');
});

test('a remote cannot import another remote', async () => {
  const errors = await boundaryErrors('apps/registration/src/app/boundary-probe.ts', "import App from '../../../public/src/app/app';\nexport const probe = App;\n");
  assert.ok(errors.length > 0, 'expected a module-boundary error');
});

test('an allowed import passes', async () => {
  const errors = await boundaryErrors('apps/public/src/app/boundary-probe.ts', "import { Button } from '@kbe/ui';\nexport const probe = Button;\n");
  assert.deepEqual(errors, []);
});
