// The HTML of a page as the edge serves it: the shell's index.html (whose runtime-config.js is
// deferred: never render-blocking, still run before the bundles) with
// - the first screen's hints in <head>: the shell's stylesheet, preloads of the scripts the page
//   needs before it can hydrate (shell bootstrap, the remote's remoteEntry.js, its module and
//   page chunks) and of the hero image (fetchpriority high), all from the builds' first-paint.json,
// - the prerendered markup of the page inside #root (tools/edge/prerender.mjs), when there is one.
const EMPTY_ROOT = /<div id="root"><\/div>/;

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `<link>` elements for the hints of one page. */
export function hintTags({ stylesheets = [], scripts = [], images = [] }) {
  const tags = [];
  for (const href of stylesheets) tags.push(`<link rel="stylesheet" href="${escapeAttribute(href)}" />`);
  for (const image of images) {
    const srcset = image.srcSet ? ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes ?? '100vw')}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeAttribute(image.href)}"${srcset} fetchpriority="high" />`);
  }
  for (const href of scripts) tags.push(`<link rel="preload" as="script" href="${escapeAttribute(href)}" />`);
  return tags;
}

/**
 * @param {string} indexHtml the shell's built index.html
 * @param {{ hints?: object, markup?: string }} page
 */
export function composePage(indexHtml, { hints = {}, markup = '' } = {}) {
  let html = indexHtml;
  const tags = hintTags(hints);
  if (tags.length) html = html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
  if (markup) html = html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
  return html;
}
