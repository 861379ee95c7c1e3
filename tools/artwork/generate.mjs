#!/usr/bin/env node
// Generates the site's original artwork: procedural SVG scenes (starfields, planets, rockets,
// atoms, medals, equations...) rendered to WebP at several widths with sharp. Output goes to a
// git-ignored folder that the public remote copies as assets (apps/public/src/assets/generated).
//
//   node tools/artwork/generate.mjs [--out <dir>] [--force]
//
// The image list and sizes come from libs/content (artwork.data.json, gallery-items.data.json),
// so the pages and the generator always agree. A manifest with a hash of the inputs lets a
// second run finish at once when nothing changed.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import * as m from './svg-motifs.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const contentDir = join(root, 'libs/content/src/lib');

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const outDir = resolve(root, outArg >= 0 ? args[outArg + 1] : 'apps/public/src/assets/generated');
const force = args.includes('--force');

const PALETTES = {
  competitions: ['#1e1b4b', '#78350f'],
  'space-tours': ['#0c1445', '#1e3a8a'],
  'einstein-legacy': ['#2e1065', '#1e1b4b'],
  'space-exploration': ['#020617', '#134e4a'],
  einstein: ['#1e1b4b', '#312e81'],
  space: ['#020617', '#172554'],
  global: ['#042f2e', '#1e1b4b'],
  future: ['#451a03', '#1e1b4b'],
};

const EQUATIONS = ['E = mc²', 'G + Λg = 8πT', 'E = hν', 'Δt′ = γΔt', 'F = ma', 'λ = h/p', 'c ≈ 3×10⁸ m/s', 'PV = nRT'];

/** The main subject of a picture, placed on the right-hand or centre of the frame. */
function subject(motif, w, h, rnd) {
  const cx = w * (0.55 + rnd() * 0.2);
  const cy = h * (0.42 + rnd() * 0.16);
  const s = h / 600;
  switch (motif) {
    case 'medal':
      return m.medal(cx, cy + h * 0.1, h * 0.2, String(1 + Math.floor(rnd() * 3)));
    case 'trophy':
      return m.trophy(cx, cy, s * 1.6);
    case 'equation':
      return m.chalkboard(w, h) + [0, 1, 2].map((i) => m.equation(w * (0.12 + i * 0.08), h * (0.28 + i * 0.15), Math.round(h * 0.09), EQUATIONS[Math.floor(rnd() * EQUATIONS.length)])).join('');
    case 'atom':
      return m.atom(cx, cy, h * 0.3);
    case 'rocket':
      return m.rocket(cx, cy, s * 2.4, -25 + rnd() * 20);
    case 'satellite':
      return m.planet(w * 0.2, h * 1.05, h * 0.45, rnd) + m.satellite(cx, cy, s * 2.2, rnd() * 40 - 20);
    case 'orbit':
      return m.planet(cx, cy, h * 0.14, rnd) + m.orbit(cx, cy, h * 0.3, rnd) + m.orbit(cx, cy, h * 0.42, rnd);
    case 'planet':
      return m.planet(cx, cy, h * 0.26, rnd, { rings: rnd() < 0.5 });
    case 'moon':
      return m.moon(cx, cy, h * 0.28, rnd);
    case 'sun':
      return m.sun(cx, cy, h * 0.2);
    case 'galaxy':
      return m.galaxy(cx, cy, h * 0.45, rnd);
    case 'nebula':
      return m.nebula(w, h, rnd) + m.glow(cx, cy, h * 0.3);
    case 'comet':
      return m.comet(cx, cy, h * 0.6);
    case 'blackhole':
      return m.blackhole(cx, cy, h * 0.14);
    case 'star':
      return m.sun(cx, cy, h * 0.06) + m.orbit(cx, cy, h * 0.2, rnd);
    case 'astronaut':
      return m.moon(w * 0.85, h * 0.2, h * 0.1, rnd) + m.astronaut(cx, cy, s * 2.2);
    case 'wave':
      return m.wave(w, h, rnd);
    case 'dove':
      return m.dove(cx - w * 0.1, cy, s * 2.2);
    case 'skyline':
      return m.skyline(w, h, rnd) + m.moon(w * 0.8, h * 0.22, h * 0.09, rnd);
    default:
      return m.atom(cx, cy, h * 0.28);
  }
}

function gallerySvg(item, w, h) {
  const rnd = m.seededRandom(item.image);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${m.background(w, h, PALETTES[item.category], rnd)}${m.starfield(w, h, rnd, 140)}${subject(item.motif, w, h, rnd)}
  </svg>`;
}

function heroSvg(theme, w, h) {
  const rnd = m.seededRandom(`hero-${theme}`);
  const scenes = {
    einstein: () => m.chalkboard(w, h) + m.equation(w * 0.12, h * 0.3, h * 0.1, 'E = mc²') + m.equation(w * 0.14, h * 0.5, h * 0.06, 'Δt′ = γΔt') + m.atom(w * 0.72, h * 0.4, h * 0.26),
    space: () => m.planet(w * 0.78, h * 0.3, h * 0.18, rnd, { rings: true }) + m.rocket(w * 0.6, h * 0.62, h / 260, -30) + m.comet(w * 0.35, h * 0.18, h * 0.3),
    global: () => m.globe(w * 0.7, h * 0.5, h * 0.3) + m.orbit(w * 0.7, h * 0.5, h * 0.4, rnd) + m.satellite(w * 0.88, h * 0.2, h / 400, 25),
    future: () => m.medal(w * 0.72, h * 0.58, h * 0.16, '1') + m.telescope(w * 0.88, h * 0.55, h / 500) + m.galaxy(w * 0.45, h * 0.25, h * 0.2, rnd),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${m.background(w, h, PALETTES[theme], rnd)}${m.starfield(w, h, rnd, 260)}${scenes[theme]()}
  </svg>`;
}

async function render(svg, id, widths, written) {
  // Rasterise once, then scale the raw pixels for each width.
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  await Promise.all(
    widths.map(async (width) => {
      const file = `${id}-${width}.webp`;
      // effort 6: sharp's smallest WebP at this quality, for a slower generation (nx-cached); the
      // bytes saved: docs/benchmarks/2026-11-24-web-performance.md
      await sharp(data, { raw: info }).resize({ width }).webp({ quality: 68, effort: 6 }).toFile(join(outDir, file));
      written.push(file);
    }),
  );
}

async function main() {
  const started = Date.now();
  const [artworkText, galleryText, ownText, motifText] = await Promise.all([
    readFile(join(contentDir, 'artwork.data.json'), 'utf8'),
    readFile(join(contentDir, 'gallery-items.data.json'), 'utf8'),
    readFile(fileURLToPath(import.meta.url), 'utf8'),
    readFile(join(here, 'svg-motifs.mjs'), 'utf8'),
  ]);
  const artwork = JSON.parse(artworkText);
  const gallery = JSON.parse(galleryText);
  const hash = createHash('sha256').update(artworkText).update(galleryText).update(ownText).update(motifText).digest('hex');
  const manifestPath = join(outDir, 'manifest.json');

  if (!force && existsSync(manifestPath)) {
    const previous = JSON.parse(await readFile(manifestPath, 'utf8'));
    if (previous.hash === hash && previous.files.every((f) => existsSync(join(outDir, f)))) {
      process.stdout.write(`artwork: up to date (${previous.files.length} files in ${outDir})\n`);
      return;
    }
  }

  await mkdir(outDir, { recursive: true });
  for (const file of await readdir(outDir)) {
    if (file.endsWith('.webp') || file === 'manifest.json') await rm(join(outDir, file));
  }

  const written = [];
  const jobs = [
    ...artwork.heroThemes.map((theme) => () => render(heroSvg(theme, artwork.hero.width, artwork.hero.height), `hero-${theme}`, artwork.hero.widths, written)),
    ...gallery.map((item) => () => render(gallerySvg(item, artwork.gallery.width, artwork.gallery.height), item.image, artwork.gallery.widths, written)),
  ];
  // A few images at a time: sharp already uses a thread per core.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );

  written.sort();
  await writeFile(manifestPath, `${JSON.stringify({ hash, files: written }, null, 1)}\n`);
  process.stdout.write(`artwork: wrote ${written.length} images to ${outDir} in ${Date.now() - started} ms\n`);
}

main().catch((error) => {
  process.stderr.write(`artwork generation failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
