import { cn } from '@kbe/ui';
import { artworkSources, type ArtworkKind } from './artwork';

export interface ArtworkImageProps {
  id: string;
  kind: ArtworkKind;
  alt: string;
  /** `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  /** Above the fold: load at once and with high priority. */
  priority?: boolean;
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
      className={cn('h-full w-full object-cover', className)}
    />
  );
}
