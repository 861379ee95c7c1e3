const nxPreset = require('@nx/jest/preset').default;

// Two tiers share every project's jest config:
// - unit (default): `*.spec.ts(x)` beside the code, no servers needed;
// - integration (KBE_TEST_TIER=integration): `*.integration.spec.ts`, against the real
//   MongoDB-wire, Kafka, MinIO and Chromium servers started by tools/infra.
const integration = process.env.KBE_TEST_TIER === 'integration';

module.exports = {
  ...nxPreset,
  testMatch: integration
    ? ['**/?(*.)+(integration.spec).[jt]s?(x)']
    : ['**/?(*.)+(spec|test).[jt]s?(x)'],
  testPathIgnorePatterns: integration ? ['/node_modules/'] : ['/node_modules/', '\\.integration\\.spec\\.[jt]sx?$'],
  ...(integration ? { testTimeout: 60_000 } : {}),
};
