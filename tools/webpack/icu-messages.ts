import { join } from 'node:path';
import type { Configuration } from 'webpack';

/** The rule that compiles message catalogues (see icu-messages.loader.cjs), for browser and server bundles. */
export const ICU_MESSAGES_RULE = {
  test: /\.messages\.json$/,
  type: 'javascript/auto',
  use: [{ loader: join(__dirname, 'icu-messages.loader.cjs') }],
};

/**
 * Browser builds: catalogues arrive compiled, so intl-messageformat runs without the ICU parser
 * (the package's own `no-parser` build of it, which formats compiled messages only).
 */
export function withIcuMessages() {
  return (config: Configuration) => {
    config.module = config.module ?? {};
    config.module.rules = [...(config.module.rules ?? []), ICU_MESSAGES_RULE];
    config.resolve = config.resolve ?? {};
    const alias = (config.resolve.alias ?? {}) as Record<string, string>;
    config.resolve.alias = { ...alias, '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js' };
    return config;
  };
}
