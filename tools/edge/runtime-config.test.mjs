import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runtimeConfig, runtimeConfigScript } from './runtime-config.mjs';

test('passes the edition deadline and year and the contact details to the browser', () => {
  assert.deepEqual(
    runtimeConfig({ EDITION_REGISTRATION_DEADLINE: '2026-10-30T23:59:59.999+05:30', EDITION_YEAR: '2026', CONTACT_EMAIL: 'help@example.org' }),
    { edition: { registrationDeadline: '2026-10-30T23:59:59.999+05:30', year: 2026 }, contact: { email: 'help@example.org' } },
  );
});

test('sets nothing when the environment says nothing, and never a secret', () => {
  assert.deepEqual(runtimeConfig({ JWT_SECRET: 's', MINIO_SECRET_KEY: 'k', EDITION_YEAR: 'next' }), {});
});

test('says a deployment is a development one only when the development profile runs it', () => {
  assert.deepEqual(runtimeConfig({ NODE_ENV: 'development' }), { deployment: 'development' });
  for (const NODE_ENV of ['production', 'test', undefined, 'Development']) assert.deepEqual(runtimeConfig({ NODE_ENV }), {});
});

test('the script cannot be broken out of', () => {
  const script = runtimeConfigScript({ CONTACT_ADDRESS: '</script><script>alert(1)</script>' });
  assert.ok(!script.includes('</script>'));
  assert.match(script, /^window\.__KBE_CONFIG__ = \{/);
});
