import { useCallback, useEffect, useState } from 'react';

export interface SlideshowOptions {
  count: number;
  intervalMs: number;
  /** False stops the automatic advance (user pause, reduced motion). */
  autoplay: boolean;
}

/**
 * Index of a looping slideshow that advances every `intervalMs`, pauses while hovered and
 * keeps running after a manual selection (the countdown restarts from the selection).
 */
export function useSlideshow({ count, intervalMs, autoplay }: SlideshowOptions) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);

  useEffect(() => {
    if (!autoplay || hovered || count < 2) return undefined;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [index, hovered, autoplay, count, intervalMs]);

  const goTo = useCallback((next: number) => setIndex(((next % count) + count) % count), [count]);
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = useCallback(() => setIndex((i) => (i - 1 + count) % count), [count]);

  return {
    index,
    goTo,
    next,
    previous,
    hovered,
    hoverProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
    },
  };
}
