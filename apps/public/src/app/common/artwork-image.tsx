import { cx } from '@kbe/ui';
import { artworkSources, type ArtworkKind } from './artwork';

export interface ArtworkImageProps {
  id: string;
  kind: ArtworkKind;
  alt: string;
  /** `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** The first screen's largest paint: load at once and with high priority (any other image is lazy). */
  priority?: boolean;
  /** Classes added to the image's own (position, opacity, effects); none may override them. */
  className?: string;
}

/** A generated artwork image with width/height, responsive sources and lazy loading. */
export function ArtworkImage({ id, kind, alt, sizes, priority = false, className }: ArtworkImageProps) {
  const { src, srcSet, width, height } = artworkSources(id, kind);
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={cx('h-full w-full object-cover', className)}
    />
  );
}
