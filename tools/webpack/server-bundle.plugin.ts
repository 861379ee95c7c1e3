import { isAbsolute, join, resolve } from 'node:path';
import { ICU_MESSAGES_RULE } from './icu-messages';
import { mkdirSync, writeFileSync } from 'node:fs';
import webpack, { type Compilation, type Compiler, type Configuration } from 'webpack';
import { TsconfigPathsPlugin } from 'tsconfig-paths-webpack-plugin';

const repoRoot = resolve(__dirname, '../..');

export interface ServerBundleOptions {
  /** The Node entry of this front end (renders its markup), relative to the repository root. */
  entry: string;
}

/** `first-paint.json`: the files of every named chunk group of the browser build. */
export const FIRST_PAINT_FILE = 'first-paint.json';
/** Where the Node bundle lands, under the app's output path. */
export const SERVER_DIR = 'server';

/**
 * Build-time prerendering support, as part of the app's own build (`nx build <app>`), so a
 * front end still ships alone:
 * - `first-paint.json` lists the files of each named chunk group (`webpackChunkName`) and of the
 *   shared packages it consumes, from which the edge writes the preload hints of a page;
 * - `server/render.cjs` is the same app code bundled for Node (React, the router and every npm
 *   package stay external and come from node_modules, so the shell and a remote share one
 *   React when the edge prerenders a page with both; workspace libraries are bundled).
 * Production builds only; `nx serve` skips it.
 */
export function withServerBundle(options: ServerBundleOptions) {
  return (config: Configuration) => {
    config.plugins = [...(config.plugins ?? []), new ServerBundlePlugin(options)];
    return config;
  };
}

class ServerBundlePlugin {
  constructor(private readonly options: ServerBundleOptions) {}

  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tapPromise('ServerBundlePlugin', async (compilation) => {
      if (compiler.watchMode || compiler.options.mode !== 'production') return;
      const outputPath = compilation.outputOptions.path ?? compiler.outputPath;
      writeFirstPaint(compilation, outputPath);
      await compileServerBundle(serverConfig(this.options.entry, join(outputPath, SERVER_DIR)));
    });
  }
}

const ASSET = /\.(js|css)$/;

/**
 * Files of the shared packages (React, the router...) a chunk group consumes, in this build's own
 * copy: what the federation runtime loads next when this build is the host (the shell).
 */
function sharedFallbackFiles(compilation: Compilation, chunks: Iterable<webpack.Chunk>): string[] {
  const files = new Set<string>();
  for (const chunk of chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      for (const block of module.blocks) {
        for (const file of compilation.chunkGraph.getBlockChunkGroup(block)?.getFiles() ?? []) files.add(file);
      }
    }
  }
  return [...files].filter((file) => ASSET.test(file));
}

function writeFirstPaint(compilation: Compilation, outputPath: string) {
  const chunkGroups: Record<string, string[]> = {};
  const sharedFallbacks: Record<string, string[]> = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    if (!name) continue;
    chunkGroups[name] = group.getFiles().filter((file) => ASSET.test(file));
    sharedFallbacks[name] = sharedFallbackFiles(compilation, group.chunks);
  }
  mkdirSync(outputPath, { recursive: true });
  writeFileSync(join(outputPath, FIRST_PAINT_FILE), `${JSON.stringify({ chunkGroups, sharedFallbacks }, null, 2)}\n`);
}

/** Bare imports other than the workspace's own libraries stay `require`s of node_modules. */
function isExternalPackage(request: string | undefined): boolean {
  if (!request || request.startsWith('.') || isAbsolute(request) || request.startsWith('@kbe/')) return false;
  return !request.startsWith('!') && !request.includes('!');
}

function serverConfig(entry: string, outputPath: string): Configuration {
  return {
    mode: 'production',
    target: 'node20',
    context: repoRoot,
    entry: { render: resolve(repoRoot, entry) },
    output: { path: outputPath, filename: '[name].cjs', library: { type: 'commonjs2' }, publicPath: '', clean: true },
    optimization: { minimize: false, splitChunks: false },
    devtool: false,
    externals: [({ request }, callback) => (isExternalPackage(request) ? callback(undefined, `commonjs ${request}`) : callback())],
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.jsx', '.json'],
      plugins: [new TsconfigPathsPlugin({ configFile: join(repoRoot, 'tsconfig.base.json'), extensions: ['.tsx', '.ts', '.js'] })],
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'babel-loader',
          options: { babelrc: false, configFile: false, presets: [['@nx/react/babel', { runtime: 'automatic' }]] },
        },
        ICU_MESSAGES_RULE,
        // Stylesheets are the browser build's job; on the server an import of one is nothing.
        { test: /\.css$/, type: 'asset/source' },
        { test: /[\\/]libs[\\/][^\\/]+(?:[\\/][^\\/]+)?[\\/]src[\\/].*\.[jt]sx?$/, sideEffects: false },
      ],
    },
    // One file: lazy pages are inlined, so the edge requires a single module.
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    performance: { hints: false },
  };
}

function compileServerBundle(config: Configuration): Promise<void> {
  return new Promise((resolveBuild, rejectBuild) => {
    webpack(config, (error, stats) => {
      if (error) return rejectBuild(error);
      if (stats?.hasErrors()) return rejectBuild(new Error(`server bundle: ${stats.toString({ all: false, errors: true })}`));
      resolveBuild();
    });
  });
}
