import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import ImageOff from 'lucide-react/icons/image-off';
import { BRAND, LOCALIZED_GALLERY, ROUTES, filterGallery, galleryCounts, type GalleryFilterId, type GalleryItem } from '@kbe/content';
import { Button, cx, focusRing } from '@kbe/ui';
import { ArtworkImage } from '../common/artwork-image';
import { ContentIcon } from '../common/content-icon';
import { usePageLoaded } from '../common/page-loaded.hook';
import { usePageMeta } from '../common/page-meta.hook';
import { galleryCountLine, galleryHeading } from './gallery-count.util';
import { usePageContent, usePublicMessages } from '../../i18n/page-language.hook';

// The dialog (Radix Dialog, focus trap, scroll lock) is loaded when a visitor first opens an image.
const GalleryImageDialog = lazy(() => import('./gallery-image-dialog').then((module) => ({ default: module.GalleryImageDialog })));

export function GalleryPage({ items: given }: { items?: GalleryItem[] }) {
  usePageMeta('gallery');
  const t = usePublicMessages();
  const content = usePageContent(LOCALIZED_GALLERY);
  const items = given ?? content.items;
  const categoryOf = (id: GalleryFilterId) => content.categories.find((c) => c.id === id) ?? content.categories[0];
  const [filter, setFilter] = useState<GalleryFilterId>('all');
  const [selected, setSelected] = useState<GalleryItem | null>(null);
  const [dialogWanted, setDialogWanted] = useState(false);
  const counts = useMemo(() => galleryCounts(items), [items]);
  const visible = useMemo(() => filterGallery(filter, items), [filter, items]);
  const category = categoryOf(filter);
  const pageLoaded = usePageLoaded();

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-indigo-950 via-slate-900 to-violet-950 px-4 py-16 text-white sm:px-6">
        <div className="relative mx-auto max-w-7xl text-center">
          <p className="text-sm font-bold uppercase tracking-wider text-amber-300">{t('gallery.eyebrow', { brand: BRAND.name })}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{t('gallery.title')}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-slate-200 sm:text-lg">
            {t('gallery.intro')}
          </p>
          <dl className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4">
            {content.heroTiles.map((tile) => (
              <div key={tile.label} className="flex flex-col items-center rounded-xl bg-white/10 p-4">
                <ContentIcon name={tile.icon} className="h-6 w-6 text-amber-300" />
                <dt className="order-2 text-sm text-slate-200">{tile.label}</dt>
                <dd className="order-1 mt-1 text-2xl font-extrabold">{tile.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="gallery-heading" className="px-4 py-12 sm:px-6">
        <div className="mx-auto max-w-7xl">
          <div role="group" aria-label={t('gallery.filters')} className="flex flex-wrap justify-center gap-2">
            {content.categories.map((c) => {
              const active = c.id === filter;
              return (
                <button
                  key={c.id}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setFilter(c.id)}
                  className={cx(
                    'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
                    active ? 'border-indigo-800 bg-indigo-800 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                    focusRing,
                  )}
                >
                  <ContentIcon name={c.icon} className="h-4 w-4" />
                  <span>{c.label}</span>
                  <span className={cx('rounded-full px-2 py-0.5 text-xs', active ? 'bg-white/20' : 'bg-slate-100')} data-testid={`gallery-count-${c.id}`}>
                    {t('gallery.filterCount', { count: counts[c.id] })}
                  </span>
                </button>
              );
            })}
          </div>

          <div className="mt-10 text-center">
            <h2 id="gallery-heading" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
              {galleryHeading(t, category)}
            </h2>
            <p className="mt-2 text-slate-700" aria-live="polite" data-testid="gallery-count-line">
              {galleryCountLine(t, visible.length, category)}
            </p>
          </div>

          {visible.length === 0 ? (
            <div className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
              <ImageOff aria-hidden="true" className="h-10 w-10 text-slate-500" />
              <h3 className="text-lg font-bold text-slate-900">{t('gallery.emptyTitle')}</h3>
              <p className="text-slate-700">{t('gallery.emptyText')}</p>
            </div>
          ) : (
            <ul className="mt-8 grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {/* On a phone (412 x 823) the grid starts below the first screen, under the hero and the
                  filters, and the page's largest paint is the hero's text. Loaded with the page (eager,
                  which React also preloads, or lazy, which the browser fetches at the first layout: it is
                  within the lazy-loading distance), the first rows shared the network with the
                  stylesheet and the scripts of that first paint. So the images come once the page has
                  loaded, lazy; each box keeps its 4:3 size, so nothing moves when they come. */}
              {visible.map((item) => {
                const itemCategory = categoryOf(item.category);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      onClick={() => {
                        setDialogWanted(true);
                        setSelected(item);
                      }}
                      aria-label={t('gallery.open', { title: item.title, category: itemCategory.label })}
                      className={cx('group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900 shadow-sm', focusRing)}
                    >
                      {pageLoaded ? (
                        <ArtworkImage
                          id={item.image}
                          kind="gallery"
                          alt={content.imageAlt(item)}
                          sizes="(min-width: 80rem) 20rem, (min-width: 64rem) 33vw, (min-width: 420px) 50vw, 100vw"
                          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
                        />
                      ) : null}
                      <span className="absolute inset-x-0 bottom-0 flex flex-col items-start gap-1 bg-gradient-to-t from-slate-950/95 via-slate-950/70 to-transparent p-3 text-left text-white transition-opacity md:opacity-0 md:group-hover:opacity-100 md:group-focus-visible:opacity-100">
                        <span className="text-sm font-bold">
                          {item.title}
                          {/* Keeps title and badge apart in the button's text, which its name must contain (WCAG 2.5.3). */}{' '}
                        </span>
                        <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', itemCategory.colour)}>{itemCategory.label}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="story-heading" className="bg-indigo-950 px-4 py-16 text-white sm:px-6">
        <div className="mx-auto max-w-5xl text-center">
          <h2 id="story-heading" className="text-3xl font-extrabold">
            {content.story.title}
          </h2>
          <figure className="mx-auto mt-4 max-w-2xl">
            <blockquote className="text-lg italic text-slate-100">"{content.story.quote.quote}"</blockquote>
            <figcaption className="mt-2 text-amber-200">- {content.story.quote.author}</figcaption>
          </figure>
          <ul className="mt-10 grid gap-4 sm:grid-cols-3">
            {content.story.highlights.map((h) => (
              <li key={h.title} className="flex flex-col items-center gap-2 rounded-xl bg-white/10 p-5">
                <ContentIcon name={h.icon} className="h-8 w-8 text-amber-300" />
                <h3 className="font-bold">{h.title}</h3>
                <p className="text-sm text-slate-200">{h.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild variant="accent" size="lg">
              <Link to={ROUTES.exams}>{t('gallery.startJourney')}</Link>
            </Button>
            <Button asChild variant="onDark" size="lg">
              <Link to={ROUTES.about}>{t('gallery.learnMore')}</Link>
            </Button>
          </div>
        </div>
      </section>

      {dialogWanted ? (
        <Suspense fallback={null}>
          <GalleryImageDialog item={selected} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export default GalleryPage;
