import { LOCALIZED_GALLERY, type GalleryItem } from '@kbe/content';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, cn } from '@kbe/ui';
import { ArtworkImage } from '../common/artwork-image';
import { usePageContent } from '../../i18n/page-language.hook';

/** Large view of one gallery image with its title, description and category badge. */
export function GalleryImageDialog({ item, onClose }: { item: GalleryItem | null; onClose: () => void }) {
  const { categories, imageAlt } = usePageContent(LOCALIZED_GALLERY);
  const category = item ? categories.find((c) => c.id === item.category) : undefined;
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && category ? (
        <DialogContent className="max-w-4xl gap-0 overflow-hidden p-0">
          <div className="aspect-[4/3] w-full bg-slate-900">
            <ArtworkImage id={item.image} kind="gallery" alt={imageAlt(item)} sizes="(min-width: 56rem) 56rem, 100vw" priority />
          </div>
          <DialogHeader className="p-5">
            <span className={cn('w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold', category.colour)}>{category.label}</span>
            <DialogTitle>{item.title}</DialogTitle>
            <DialogDescription>{item.description}</DialogDescription>
          </DialogHeader>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
