module.exports = {
  displayName: 'public',
  preset: '../../jest.preset.js',
  transform: {
    '^(?!.*\\.(js|jsx|mjs|ts|tsx|css|json)$)': '@nx/react/plugins/jest',
    '^.+\\.m?[tj]sx?$': ['babel-jest', { presets: ['@nx/react/babel'] }],
  },
  // lucide-react is imported per icon (ESM files): let babel transform them.
  transformIgnorePatterns: ['/node_modules/(?!lucide-react/)'],
  setupFilesAfterEnv: ['<rootDir>/src/app/test-setup.ts'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs'],
  coverageDirectory: '../../coverage/apps/public',
};
