// Prerendered pages: the shell's chrome and routes (dist/apps/shell/server/render.cjs) around the
// page of the remote that owns the path (dist/apps/<remote>/server/render.cjs), both produced by
// their own builds (tools/webpack/server-bundle.plugin.ts). A page is rendered once per deployment
// (the edition settings and contact details are deployment settings, so they are part of the
// markup) and kept until one of the files it came from changes: a new build of the public remote
// is picked up without restarting the edge or rebuilding the shell.
// A remote without a server module (or switched off, or served from another origin) still gets
// the chrome prerendered; its section is rendered in the browser.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

import { runtimeConfig } from './runtime-config.mjs';

const require = createRequire(import.meta.url);
const SERVER_BUNDLE = 'server/render.cjs';
const FIRST_PAINT = 'first-paint.json';
const MAX_CACHED_PAGES = 192;

const mtime = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** A module required again (not from require's cache): its file may be a new build. */
function freshRequire(file) {
  delete require.cache[require.resolve(file)];
  return require(file);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A path's language and its path without the prefix, as the shell's router reads them (English: no prefix). */
const splitPath = (shell, pathname) => shell.splitLocalePath?.(pathname) ?? { locale: 'en', path: pathname };

const filesOf = (firstPaint, groups, key = 'chunkGroups') => [...new Set(groups.flatMap((group) => firstPaint?.[key]?.[group] ?? []))];

/**
 * @param {{ distDir: string, manifest: Record<string, string>, disabled: Set<string>, env: object }} options
 * @returns {{ page(pathname: string, search?: string): Promise<{ markup: string, hints: object, meta?: { title: string, description: string } } | undefined>, warm(): Promise<string[]> }}
 */
export function createPrerenderer({ distDir: dist, manifest, disabled, env }) {
  const distDir = resolve(dist);
  const shellDir = join(distDir, 'shell');
  const config = runtimeConfig(env);
  let signature = '';
  let cache = new Map();
  let modules = new Map();
  let queue = Promise.resolve();

  /** The remotes whose server module is served by this edge from dist (same origin, switched on). */
  const localRemote = (remote) =>
    !disabled.has(remote) && manifest[remote] === `/remotes/${remote}/remoteEntry.js` && existsSync(join(distDir, remote, SERVER_BUNDLE));

  function currentSignature() {
    const files = [join(shellDir, SERVER_BUNDLE), join(shellDir, FIRST_PAINT)];
    for (const remote of Object.keys(manifest)) files.push(join(distDir, remote, SERVER_BUNDLE), join(distDir, remote, FIRST_PAINT));
    return files.map(mtime).join(',');
  }

  function load() {
    const now = currentSignature();
    if (now === signature) return;
    signature = now;
    cache = new Map();
    modules = new Map();
  }

  /** A server bundle, loaded once per build of it. */
  const bundle = (file) => {
    if (!modules.has(file)) modules.set(file, freshRequire(file));
    return modules.get(file);
  };

  /**
   * What is rendered for a request, and under which key it is kept: the path, plus the query
   * parameters the owning remote reads (its `pageQueryParams`, e.g. the downloads page's
   * `?verify=`; such a rendering is not kept) and the remote's `renderKey` (what else its markup
   * depends on, e.g. whether registration is still open).
   */
  function renderTarget(pathname, search) {
    const shellBundle = join(shellDir, SERVER_BUNDLE);
    if (!existsSync(shellBundle)) return { url: pathname, key: pathname, keep: true };
    const shell = bundle(shellBundle);
    const { path } = splitPath(shell, pathname);
    const route = shell.remoteRouteFor(path);
    const remote = route.chrome && localRemote(route.remote) ? bundle(join(distDir, route.remote, SERVER_BUNDLE)) : undefined;
    const read = new Set(remote?.pageQueryParams ?? []);
    const query = String(new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => read.has(name))));
    globalThis.__KBE_CONFIG__ = config;
    const key = `${pathname}\n${remote?.renderKey?.(path) ?? ''}`;
    return query ? { url: `${pathname}?${query}`, key, keep: false } : { url: pathname, key, keep: true };
  }

  async function render(pathname, url) {
    const shellBundle = join(shellDir, SERVER_BUNDLE);
    if (!existsSync(shellBundle)) return undefined;
    const shell = bundle(shellBundle);
    // A Marathi or Hindi page is the English one under /mr or /hi: the remotes are asked about the English path.
    const { locale, path } = splitPath(shell, pathname);
    const route = shell.remoteRouteFor(path);
    const shellFirstPaint = readJson(join(shellDir, FIRST_PAINT));
    // The shell is the host: the shared packages its bootstrap consumes come from its own build.
    const shellFiles = [...filesOf(shellFirstPaint, ['bootstrap']), ...filesOf(shellFirstPaint, ['bootstrap'], 'sharedFallbacks')];
    // A Marathi or Hindi page's messages and content (chunk groups `locale-<locale>-...`, the
    // chrome's here, the page's from its remote) are needed to hydrate, not to paint: hinted at low
    // priority, so they do not compete with the stylesheet and the first screen.
    const isLocaleGroup = (group) => locale !== 'en' && group.startsWith(`locale-${locale}-`);
    const hints = {
      stylesheets: shellFiles.filter((f) => f.endsWith('.css')).map((f) => `/${f}`),
      scripts: shellFiles.filter((f) => f.endsWith('.js')).map((f) => `/${f}`),
      laterScripts: filesOf(shellFirstPaint, Object.keys(shellFirstPaint?.chunkGroups ?? {}).filter(isLocaleGroup)).filter((f) => f.endsWith('.js')).map((f) => `/${f}`),
      images: [],
    };
    if (!route.chrome) return { markup: '', hints, lang: 'en' };

    const remotes = {};
    if (localRemote(route.remote)) {
      const base = `/remotes/${route.remote}/`;
      const remote = bundle(join(distDir, route.remote, SERVER_BUNDLE));
      remote.setPublicPath?.(base);
      remotes[route.remote] = remote;
      const firstPaint = readJson(join(distDir, route.remote, FIRST_PAINT));
      const groups = remote.firstPaintChunkGroups?.(path, locale) ?? [];
      const files = filesOf(firstPaint, groups.filter((group) => !isLocaleGroup(group)));
      hints.scripts.push(manifest[route.remote], ...files.filter((f) => f.endsWith('.js')).map((f) => `${base}${f}`));
      hints.laterScripts.push(...filesOf(firstPaint, groups.filter(isLocaleGroup)).filter((f) => f.endsWith('.js')).map((f) => `${base}${f}`));
      hints.stylesheets.push(...files.filter((f) => f.endsWith('.css')).map((f) => `${base}${f}`));
      hints.images.push(...(remote.firstScreenImages?.(path) ?? []));
    }
    // The content libraries read the deployment's settings from this global, as in the browser.
    globalThis.__KBE_CONFIG__ = config;
    const markup = await shell.renderPage({ url, remotes });
    // the page's own <title> and description, as the remote sets them after a client navigation
    const meta = remotes[route.remote]?.pageMeta?.(path, locale);
    return { markup, hints, meta, lang: locale, alternates: shell.alternatePaths?.(path) };
  }

  const api = {
    /**
     * The prerendered markup and hints of a path (`search`: the request's query string, of which
     * only the parameters the page's remote reads count); undefined when the shell has no server module.
     */
    page(pathname, search = '') {
      const result = queue.then(() => {
        load();
        const { url, key, keep } = renderTarget(pathname, search);
        const cached = keep ? cache.get(key) : undefined;
        if (cached) return cached;
        return render(pathname, url).then((page) => {
          if (!keep || !page) return page;
          if (cache.size >= MAX_CACHED_PAGES) cache = new Map();
          cache.set(key, page);
          return page;
        });
      });
      // One render at a time: the settings are a process-wide global during a render.
      queue = result.catch(() => undefined);
      return result;
    },
    /**
     * Renders the known pages ahead of their first visitor; resolves with the paths rendered. A page
     * that fails here is tried again (and its error logged) when a visitor asks for it.
     */
    async warm() {
      load();
      const shellBundle = join(shellDir, SERVER_BUNDLE);
      if (!existsSync(shellBundle)) return [];
      const shell = bundle(shellBundle);
      const pages = new Set(shell.chromePaths?.() ?? []);
      for (const remote of Object.keys(manifest).filter(localRemote)) {
        for (const path of bundle(join(distDir, remote, SERVER_BUNDLE)).pagePaths?.() ?? []) pages.add(path);
      }
      // every page in every language
      const paths = [...pages].flatMap((path) => Object.values(shell.alternatePaths?.(path) ?? { en: path }));
      const rendered = [];
      for (const path of paths) {
        if (await api.page(path).catch(() => undefined)) rendered.push(path);
      }
      return rendered;
    },
  };
  return api;
}
