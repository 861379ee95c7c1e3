import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import QuoteIcon from 'lucide-react/icons/quote';
import { HERO_AUTOPLAY_MS, HERO_TRANSITION_MS, LOCALIZED_HERO_SLIDES, type HeroSlide } from '@kbe/content';
import { Button, cx, focusRingOnSlate950 } from '@kbe/ui';
import { ArtworkImage } from '../common/artwork-image';
import { ContentIcon } from '../common/content-icon';
import { usePageLoaded } from '../common/page-loaded.hook';
import { usePrefersReducedMotion } from '../common/reduced-motion.hook';
import { useSlideshow } from '../common/slideshow.hook';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

/**
 * Home hero: 4 slides (two of them in the page at first), autoplay every 8000 ms, paused while hovered, still running after a
 * click, 1200 ms fade. With reduced motion it neither fades nor starts on its own. The first
 * slide's image is the page's largest paint: prerendered, preloaded by the edge, high priority.
 * The hidden next slide gets its image once the page has loaded (7 s before its turn on a slow
 * load still), so that image never shares the network with the first screen's.
 */
export function HeroSlider({ slides: given }: { slides?: HeroSlide[] }) {
  const t = usePublicMessages();
  const localized = usePageContent(LOCALIZED_HERO_SLIDES);
  const slides = given ?? localized;
  const reducedMotion = usePrefersReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const autoplay = !reducedMotion && !userPaused;
  const { index, goTo, next, previous, hoverProps } = useSlideshow({
    count: slides.length,
    intervalMs: HERO_AUTOPLAY_MS,
    autoplay,
  });
  const label = t('hero.position', { number: index + 1, count: slides.length });
  // Only the slides seen so far and the next one are in the page (the next one mounted hidden a
  // whole interval before its turn, so it fades in): a first load parses, styles, lays out and
  // hydrates two slides, not four, and fetches one hero image before the page has loaded and the
  // next one after (the hidden slides are in the viewport, so lazy loading would fetch them at
  // once). A slide reached by a jump (a dot, previous) is mounted, image included, as it becomes
  // the current one.
  const [mounted, setMounted] = useState(() => new Set([0, 1 % slides.length]));
  const pageLoaded = usePageLoaded();
  useEffect(() => {
    const upcoming = (index + 1) % slides.length;
    setMounted((seen) => (seen.has(index) && seen.has(upcoming) ? seen : new Set([...seen, index, upcoming])));
  }, [index, slides.length]);

  return (
    <section
      aria-roledescription={t('hero.roleCarousel')}
      aria-label={t('hero.label')}
      className="relative isolate overflow-hidden bg-slate-950 text-white"
      data-testid="hero-slider"
      {...hoverProps}
    >
      <div className="relative min-h-[620px] sm:min-h-[580px] lg:min-h-[640px]" aria-live={autoplay ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const active = i === index;
          if (!active && !mounted.has(i)) return null;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t('hero.roleSlide')}
              aria-label={t('hero.slideLabel', { number: i + 1, count: slides.length, title: slide.title })}
              aria-hidden={!active}
              inert={!active}
              data-active={active}
              className={cx(
                'absolute inset-0 bg-gradient-to-br transition-opacity ease-in-out',
                slide.colour,
                active ? 'z-10 opacity-100' : 'z-0 opacity-0',
              )}
              style={{ transitionDuration: reducedMotion ? '0ms' : `${HERO_TRANSITION_MS}ms` }}
            >
              {i === 0 || active || pageLoaded ? (
                <ArtworkImage
                  id={slide.image}
                  kind="hero"
                  alt={slide.imageAlt}
                  sizes="100vw"
                  priority={i === 0}
                  className="absolute inset-0 -z-10 opacity-70"
                />
              ) : null}
              <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/90 via-slate-950/70 to-slate-950/30" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center gap-5 px-4 pb-28 pt-10 sm:px-6 lg:px-8">
                <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-amber-200">
                  <ContentIcon name={slide.icon} className="h-4 w-4" />
                  {slide.subtitle}
                </p>
                {i === 0 ? (
                  <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{slide.title}</h1>
                ) : (
                  <h2 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{slide.title}</h2>
                )}
                <p className="max-w-2xl text-base text-slate-100 sm:text-lg">{slide.description}</p>
                <dl className="grid max-w-xl grid-cols-3 gap-3">
                  {slide.stats.map((stat) => (
                    <div key={stat.label} className="rounded-lg bg-white/10 p-3 text-center">
                      <dt className="text-xs text-slate-200 sm:text-sm">{stat.label}</dt>
                      <dd className="text-xl font-extrabold text-amber-300 sm:text-2xl">{stat.value}</dd>
                    </div>
                  ))}
                </dl>
                <figure className="hidden max-w-2xl items-start gap-2 text-slate-100 sm:flex">
                  <QuoteIcon aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-amber-300" />
                  <div>
                    <blockquote className="italic">{slide.quote.quote}</blockquote>
                    <figcaption className="text-sm text-amber-200">- {slide.quote.author}</figcaption>
                  </div>
                </figure>
                <div className="flex flex-wrap gap-3">
                  <Button asChild variant="accent" size="lg">
                    <Link to={slide.cta.primary.href}>{slide.cta.primary.label}</Link>
                  </Button>
                  <Button asChild variant="onDark" size="lg">
                    <Link to={slide.cta.secondary.href}>{slide.cta.secondary.label}</Link>
                  </Button>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-0 z-20 bg-gradient-to-t from-slate-950/90 to-transparent">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 pb-4 pt-6 sm:px-6 lg:px-8">
          <div className="flex items-center gap-2">
            <Button variant="onDark" size="icon" onClick={previous} aria-label={t('hero.previous')}>
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button variant="onDark" size="icon" onClick={next} aria-label={t('hero.next')}>
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </Button>
            <Button
              variant="onDark"
              size="icon"
              onClick={() => setUserPaused((p) => !p)}
              aria-label={autoplay ? t('hero.pause') : t('hero.play')}
            >
              {autoplay ? <Pause aria-hidden="true" className="h-5 w-5" /> : <Play aria-hidden="true" className="h-5 w-5" />}
            </Button>
          </div>
          <div className="flex items-center gap-1" role="group" aria-label={t('hero.choose')}>
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('hero.goTo', { number: i + 1, title: slide.title })}
                aria-current={i === index ? 'true' : undefined}
                className={cx('flex h-11 w-8 items-center justify-center rounded-full', focusRingOnSlate950)}
              >
                {/* Every dot has the active dot's size and the inactive ones are clipped to a circle: a dot
                    that changed its width would move the centred dot (a layout shift at every slide). */}
                <span
                  aria-hidden="true"
                  className={cx(
                    'block h-2.5 w-6 rounded-full transition-[clip-path,background-color]',
                    i === index ? 'bg-amber-300 [clip-path:inset(0_round_9999px)]' : 'bg-white/60 [clip-path:inset(0_7px_round_9999px)]',
                  )}
                />
              </button>
            ))}
          </div>
          <p className="text-sm font-semibold tabular-nums text-slate-100" data-testid="hero-slide-label">
            {label}
          </p>
        </div>
        <div className="h-1 w-full bg-white/20">
          <div
            data-testid="hero-progress"
            className="h-full bg-amber-300 transition-[width] duration-500"
            style={{ width: `${((index + 1) / slides.length) * 100}%` }}
          />
        </div>
      </div>
    </section>
  );
}
