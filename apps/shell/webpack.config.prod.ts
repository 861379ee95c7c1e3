// Production uses the same federation config: remote URLs are runtime configuration
// (see module-federation.config.ts), never baked into the bundle.
export { default } from './webpack.config';
