const { nestServiceWebpackConfig } = require('../../tools/webpack/nest-service.webpack.cjs');

module.exports = nestServiceWebpackConfig(__dirname, {
  assets: [
    './src/assets',
    // Noto Sans Devanagari for the PDFs (templates/devanagari-font.ts reads them from fonts/ next to main.js)
    { input: 'node_modules/@fontsource/noto-sans-devanagari/files', glob: 'noto-sans-devanagari-devanagari-{400,700}-normal.woff2', output: 'fonts' },
  ],
});
