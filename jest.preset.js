const nxPreset = require('@nx/jest/preset').default;

// Three tiers share every project's jest config, chosen by KBE_TEST_TIER:
// - unit (default): `*.spec.ts(x)` beside the code, no servers needed;
// - integration: `*.integration.spec.ts`, against the real MongoDB-wire, Kafka, MinIO and
//   Chromium servers started by tools/infra;
// - e2e: `*.e2e.spec.ts`, browser journeys through the whole stack at one URL;
// - replicas: `*.replicas.spec.ts`, journeys through a stack running two processes of every service.
const tier = process.env.KBE_TEST_TIER || 'unit';
const tierMatch = {
  unit: ['**/?(*.)+(spec|test).[jt]s?(x)'],
  integration: ['**/?(*.)+(integration.spec).[jt]s?(x)'],
  e2e: ['**/?(*.)+(e2e.spec).[jt]s?(x)'],
  replicas: ['**/?(*.)+(replicas.spec).[jt]s?(x)'],
};
if (!tierMatch[tier]) throw new Error(`KBE_TEST_TIER must be one of ${Object.keys(tierMatch).join(', ')}`);

module.exports = {
  ...nxPreset,
  testMatch: tierMatch[tier],
  testPathIgnorePatterns:
    tier === 'unit' ? ['/node_modules/', '\\.(integration|e2e|replicas)\\.spec\\.[jt]sx?$'] : ['/node_modules/'],
  ...(tier === 'unit' ? {} : { testTimeout: 120_000 }),
};
