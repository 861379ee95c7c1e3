const { nestServiceWebpackConfig } = require('../../tools/webpack/nest-service.webpack.cjs');

module.exports = nestServiceWebpackConfig(__dirname);
