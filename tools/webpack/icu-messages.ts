import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Configuration } from 'webpack';

const requireFromHere = createRequire(__filename);
const NO_PARSER_ESM = join(dirname(requireFromHere.resolve('@formatjs/icu-messageformat-parser')), 'lib/no-parser.js');

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
    // the ES module build of it (the package exports only the CommonJS one), so the shared chunk
    // keeps what intl-messageformat uses (tree-shaken) instead of the whole CommonJS module
    config.resolve.alias = { ...alias, '@formatjs/icu-messageformat-parser$': NO_PARSER_ESM };
    return config;
  };
}
