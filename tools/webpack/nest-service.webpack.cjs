// The webpack build of a NestJS service (one place for the four services): a node bundle in
// dist/apps/<name> with source maps and a generated package.json of its production dependencies.
const { NxAppWebpackPlugin } = require('@nx/webpack/app-plugin');
const { basename, join } = require('node:path');

/**
 * @param {string} projectDir the service's folder (`__dirname` of its webpack.config.js)
 * @param {{ assets?: string[] }} [options] extra assets copied next to main.js
 */
function nestServiceWebpackConfig(projectDir, { assets = ['./src/assets'] } = {}) {
  return {
    output: {
      path: join(projectDir, '../../dist/apps', basename(projectDir)),
      clean: true,
      ...(process.env.NODE_ENV !== 'production' && { devtoolModuleFilenameTemplate: '[absolute-resource-path]' }),
    },
    plugins: [
      new NxAppWebpackPlugin({
        target: 'node',
        compiler: 'tsc',
        main: './src/main.ts',
        tsConfig: './tsconfig.app.json',
        assets,
        optimization: false,
        outputHashing: 'none',
        generatePackageJson: true,
        sourceMap: true,
      }),
    ],
  };
}

module.exports = { nestServiceWebpackConfig };
