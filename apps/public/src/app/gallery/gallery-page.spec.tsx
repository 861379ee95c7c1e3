import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { GALLERY_ITEMS, galleryImageAlt, type GalleryItem } from '@kbe/content';
import { GalleryPage } from './gallery-page';

const future = { v7_startTransition: true, v7_relativeSplatPath: true };

function renderGallery(items?: GalleryItem[]) {
  render(
    <MemoryRouter future={future}>
      <GalleryPage items={items} />
    </MemoryRouter>,
  );
}

const filterButton = (name: RegExp) =>
  within(screen.getByRole('group', { name: 'Filter by category' })).getByRole('button', { name });

describe('GalleryPage', () => {
  it('sets the title and shows the filter counts computed from the data', () => {
    renderGallery();
    expect(document.title).toBe('Gallery - KBE Young Scientist Competition');
    expect(screen.getByRole('heading', { level: 1, name: 'KBE Gallery' })).toBeInTheDocument();
    expect(filterButton(/All Gallery/)).toHaveTextContent('65');
    expect(filterButton(/KBE Competitions/)).toHaveTextContent('8');
    expect(filterButton(/ISRO & NASA Tours/)).toHaveTextContent('12');
    expect(filterButton(/Einstein Legacy/)).toHaveTextContent('25');
    expect(filterButton(/Space & Universe/)).toHaveTextContent('20');
    expect(filterButton(/All Gallery/)).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the complete collection by default', () => {
    renderGallery();
    expect(screen.getByRole('heading', { name: 'Complete Gallery Collection' })).toBeInTheDocument();
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent(/^Showing 65 inspiring images$/);
    expect(screen.getAllByRole('button', { name: /open larger image/ })).toHaveLength(65);
  });

  it('filters by category and names the category in the heading and count line', () => {
    renderGallery();
    fireEvent.click(filterButton(/ISRO & NASA Tours/));
    expect(filterButton(/ISRO & NASA Tours/)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'ISRO & NASA Tours Collection' })).toBeInTheDocument();
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent(
      /^Showing 12 inspiring images from ISRO & NASA Tours$/,
    );
    expect(screen.getAllByRole('button', { name: /open larger image/ })).toHaveLength(12);
  });

  it('uses the singular for one image', () => {
    renderGallery(GALLERY_ITEMS.filter((i) => i.category === 'competitions').slice(0, 1));
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent(/^Showing 1 inspiring image$/);
    fireEvent.click(filterButton(/KBE Competitions/));
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent(
      /^Showing 1 inspiring image from KBE Competitions$/,
    );
  });

  it('shows the empty state when a category has no images', () => {
    renderGallery(GALLERY_ITEMS.filter((i) => i.category !== 'space-tours'));
    fireEvent.click(filterButton(/ISRO & NASA Tours/));
    expect(screen.getByRole('heading', { name: 'No Images Found' })).toBeInTheDocument();
    expect(screen.getByText('No photos found in this category. Please try a different filter.')).toBeInTheDocument();
  });

  it('opens an image in a dialog with its title, description and category, and closes it', async () => {
    renderGallery();
    const item = GALLERY_ITEMS[8];
    fireEvent.click(screen.getByRole('button', { name: `${item.title}, ISRO & NASA Tours: open larger image` }));
    // the dialog's code is loaded on the first open
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByRole('heading', { name: item.title })).toBeInTheDocument();
    expect(within(dialog).getByText(item.description)).toBeInTheDocument();
    expect(within(dialog).getByText('ISRO & NASA Tours')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: galleryImageAlt(item) })).toHaveAttribute('srcset', expect.stringContaining('960w'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives every image alt text, dimensions and lazy loading (the grid is below a phone\'s first screen)', () => {
    renderGallery();
    const images = screen.getAllByRole('img').filter((img) => img.getAttribute('srcset'));
    expect(images).toHaveLength(65);
    images.forEach((img) => {
      expect(img.getAttribute('alt')).toBeTruthy();
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
    });
    // the first row too: loaded at once, it competed with the first paint (the hero's text at phone size)
    expect(images.filter((img) => img.getAttribute('loading') !== 'lazy')).toEqual([]);
    expect(images.filter((img) => img.getAttribute('fetchpriority') === 'high')).toEqual([]);
  });

  it('shows the images once the page has loaded, in boxes of their final size before', () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      renderGallery();
      const grid = () => screen.getByRole('heading', { name: 'Complete Gallery Collection' }).closest('section') as HTMLElement;
      expect(grid().querySelectorAll('img')).toHaveLength(0);
      // the 4:3 box is the button's own: the image only fills it
      expect(screen.getAllByRole('button', { name: /open larger image$/ })[0].className).toMatch(/\baspect-\[4\/3\]/);
      readyState.mockReturnValue('complete');
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      expect(grid().querySelectorAll('img')).toHaveLength(65);
    } finally {
      readyState.mockRestore();
    }
  });

  it('closes with links to start the journey and learn more', () => {
    renderGallery();
    expect(screen.getByRole('heading', { name: 'Create Your Own Gallery Story' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/einstein-quest/exams');
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/einstein-quest/about');
  });
});
