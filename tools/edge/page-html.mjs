// The HTML of a page as the edge serves it: the shell's index.html (whose runtime-config.js is
// deferred: never render-blocking, still run before the bundles) with
// - for a prerendered page, a render-blocking `expect` link to an element after #root: nothing is
//   painted before the whole markup is parsed, so nothing painted moves when the rest arrives,
// - the first screen's hints in <head>: the shell's stylesheet, preloads of the scripts the page
//   needs before it can hydrate (shell bootstrap, the remote's remoteEntry.js, its module, page
//   and language chunks) at low priority and of the hero image (fetchpriority high), all from the
//   builds' first-paint.json,
// - the prerendered markup of the page inside #root (tools/edge/prerender.mjs), when there is one,
// - the page's own <title> and meta description instead of the shell's, when its remote gives them,
// - the page's language in <html lang> and its other languages as `hreflang` alternates.
const EMPTY_ROOT = /<div id="root"><\/div>/;
/** An inert element right after #root's markup, which rendering waits for. */
const MARKUP_END = 'root-end';

const HTML_LANG = /<html lang="[^"]*"/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description" content="[^"]*" ?\/?>/;

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A served file's path inside its build: `/bootstrap.1.css` -> `bootstrap.1.css`, `/remotes/public/a.css` -> `a.css`. */
const buildRelative = (href) => href.replace(/^\/(remotes\/[^/]+\/)?/, '');

/** `<link>` elements for the hints of one page. */
export function hintTags({ stylesheets = [], scripts = [], images = [], laterScripts = [] }) {
  const tags = [];
  // data-href: the file's name as its build's CSS loader (mini-css-extract) looks for it, so the
  // loader finds this link when the chunk loads instead of adding the same stylesheet a second
  // time (which made the bootstrap wait for that download and restyled the whole page: a long task).
  for (const href of stylesheets) tags.push(`<link rel="stylesheet" href="${escapeAttribute(href)}" data-href="${escapeAttribute(buildRelative(href))}" />`);
  for (const image of images) {
    const srcset = image.srcSet ? ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes ?? '100vw')}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${srcset} fetchpriority="high" />`);
  }
  // The markup is prerendered: scripts are needed to hydrate, not to paint. At low priority (a
  // script preload is high by default) they come after the stylesheet, the fonts and the hero
  // image, which the first paint and the largest one wait for; found in <head>, they still start
  // at once. The language chunks come last.
  for (const href of [...scripts, ...laterScripts]) tags.push(`<link rel="preload" as="script" href="${escapeAttribute(href)}" fetchpriority="low" />`);
  return tags;
}

/**
 * `<link rel="alternate" hreflang>` for each language of a page, plus `x-default` (English, the
 * spec's paths), as absolute URLs on `origin`.
 * @param {Record<string, string>} alternates language -> path
 */
export function alternateTags(alternates, origin) {
  const link = (hreflang, path) => `<link rel="alternate" hreflang="${escapeAttribute(hreflang)}" href="${escapeAttribute(new URL(path, origin).href)}" />`;
  const tags = Object.entries(alternates).map(([lang, path]) => link(lang, path));
  if (alternates.en) tags.push(link('x-default', alternates.en));
  return tags;
}

/**
 * @param {string} indexHtml the shell's built index.html
 * @param {{ hints?: object, markup?: string, meta?: { title?: string, description?: string },
 *   lang?: string, alternates?: Record<string, string>, origin?: string }} page
 */
export function composePage(indexHtml, { hints = {}, markup = '', meta = {}, lang, alternates, origin } = {}) {
  let html = indexHtml;
  if (lang) html = html.replace(HTML_LANG, () => `<html lang="${escapeAttribute(lang)}"`);
  if (meta.title) html = html.replace(TITLE, () => `<title>${escapeText(meta.title)}</title>`);
  if (meta.description) html = html.replace(DESCRIPTION, () => `<meta name="description" content="${escapeAttribute(meta.description)}" />`);
  const tags = hintTags(hints);
  if (alternates && origin) tags.push(...alternateTags(alternates, origin));
  // No first paint of half the markup: a browser that paints while the rest of the document is
  // still arriving or being parsed moves what it painted when the rest comes (a layout shift, seen
  // on a phone-sized gallery when its filter row was cut in two). Chromium holds rendering until
  // the element after #root is parsed (it lets go of an element as soon as it is inserted, so
  // not #root itself); others ignore it. The page is one response of tens of kB compressed.
  if (markup) tags.unshift(`<link rel="expect" href="#${MARKUP_END}" blocking="render" />`);
  if (tags.length) html = html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
  if (markup) html = html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div><template id="${MARKUP_END}"></template>`);
  return html;
}
