import { ARTWORK } from '@kbe/content';

declare const __webpack_public_path__: string | undefined;

/**
 * Base URL of this remote's assets. Inside the shell the remote's public path is where its
 * remoteEntry.js came from (e.g. /remotes/public/), so images load from the remote's own
 * origin and path; standalone it is the app root.
 */
function assetBase(): string {
  const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ !== 'auto' ? __webpack_public_path__ : '/';
  return `${base.endsWith('/') ? base : `${base}/`}${ARTWORK.outputFolder}/`;
}

export type ArtworkKind = 'hero' | 'gallery';

export interface ArtworkSources {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** URLs of a generated image (tools/artwork/generate.mjs writes `<id>-<width>.webp`). */
export function artworkSources(id: string, kind: ArtworkKind): ArtworkSources {
  const spec = ARTWORK[kind];
  const base = assetBase();
  const widths = spec.widths;
  const url = (w: number) => `${base}${id}-${w}.webp`;
  return {
    src: url(widths[Math.min(1, widths.length - 1)]),
    srcSet: widths.map((w) => `${url(w)} ${w}w`).join(', '),
    width: spec.width,
    height: spec.height,
  };
}
