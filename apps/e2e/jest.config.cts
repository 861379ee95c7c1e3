// Browser journeys through the whole stack (KBE_TEST_TIER=e2e, started by `npm test`).
module.exports = {
  displayName: 'e2e',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]s$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.e2e.json' }],
  },
  moduleFileExtensions: ['ts', 'js'],
};
