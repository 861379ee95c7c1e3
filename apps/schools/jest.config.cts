module.exports = {
  displayName: 'schools',
  preset: '../../jest.preset.js',
  transform: {
    '^(?!.*\\.(js|jsx|mjs|ts|tsx|css|json)$)': '@nx/react/plugins/jest',
    '^.+\\.m?[tj]sx?$': ['babel-jest', { presets: ['@nx/react/babel'] }],
  },
  // lucide-react (used by @kbe/ui) is imported per icon (ESM files): let babel transform them.
  transformIgnorePatterns: ['/node_modules/(?!lucide-react/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs'],
  coverageDirectory: '../../coverage/apps/schools',
};
