import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HeroSlider } from './hero-slider';

const future = { v7_startTransition: true, v7_relativeSplatPath: true };

function renderSlider() {
  render(
    <MemoryRouter future={future}>
      <HeroSlider />
    </MemoryRouter>,
  );
}

const label = () => screen.getByTestId('hero-slide-label').textContent;
const progress = () => (screen.getByTestId('hero-progress') as HTMLElement).style.width;
// awaited: the slides read their words through `use()`, and React 19 finishes a render that used
// a promise (even a fulfilled one) inside act only when that act is awaited
const advance = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

describe('HeroSlider', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts on slide 1 of 4 with a quarter-width progress bar and links to exams and gallery', async () => {
    renderSlider();
    expect(label()).toBe('Slide 1 of 4');
    expect(progress()).toBe('25%');
    expect(screen.getByRole('heading', { level: 1, name: 'Think Like Einstein' })).toBeInTheDocument();
    const active = screen.getByRole('group', { name: /^1 of 4/ });
    expect(active).toHaveAttribute('data-active', 'true');
  });

  it('has the current and the next slide in the page, and mounts each next one a turn ahead or on a jump', async () => {
    renderSlider();
    // the hidden slides are inert, which the accessibility tree leaves out: read the markup
    const slides = () =>
      Array.from(screen.getByTestId('hero-slider').querySelectorAll('[aria-roledescription="slide"]')).map((slide) => slide.getAttribute('aria-label')?.slice(0, 1));
    expect(slides()).toEqual(['1', '2']);
    await advance(8000);
    expect(slides()).toEqual(['1', '2', '3']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(label()).toBe('Slide 4 of 4');
    expect(slides()).toEqual(['1', '2', '3', '4']);
  });

  it('gives the hidden next slide its image once the page has loaded, the current one at once', async () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      renderSlider();
      const images = () => Array.from(screen.getByTestId('hero-slider').querySelectorAll('img')).map((img) => img.getAttribute('src'));
      expect(images()).toEqual([expect.stringMatching(/hero-einstein-\d+\.webp$/)]);
      readyState.mockReturnValue('complete');
      act(() => {
        window.dispatchEvent(new Event('load'));
      });
      expect(images()).toEqual([expect.stringMatching(/hero-einstein-\d+\.webp$/), expect.stringMatching(/hero-space-\d+\.webp$/)]);
    } finally {
      readyState.mockRestore();
    }
  });

  it('shows a slide reached before the page has loaded with its image', async () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    try {
      renderSlider();
      fireEvent.click(screen.getByRole('button', { name: /^Go to slide 3/ }));
      const current = screen.getByTestId('hero-slider').querySelector('[data-active="true"]');
      expect(current?.querySelector('img')?.getAttribute('src')).toMatch(/hero-global-\d+\.webp$/);
    } finally {
      readyState.mockRestore();
    }
  });

  it('advances every 8000 ms and loops after the fourth slide', async () => {
    renderSlider();
    await advance(7999);
    expect(label()).toBe('Slide 1 of 4');
    await advance(1);
    expect(label()).toBe('Slide 2 of 4');
    expect(progress()).toBe('50%');
    await advance(8000);
    expect(label()).toBe('Slide 3 of 4');
    await advance(8000);
    expect(label()).toBe('Slide 4 of 4');
    expect(progress()).toBe('100%');
    await advance(8000);
    expect(label()).toBe('Slide 1 of 4');
  });

  it('pauses while the pointer is over it and resumes when it leaves', async () => {
    renderSlider();
    const slider = screen.getByTestId('hero-slider');
    await advance(5000);
    await act(async () => fireEvent.mouseEnter(slider));
    await advance(30000);
    expect(label()).toBe('Slide 1 of 4');
    await act(async () => fireEvent.mouseLeave(slider));
    await advance(8000);
    expect(label()).toBe('Slide 2 of 4');
  });

  it('keeps running after a click on next, previous or a dot', async () => {
    renderSlider();
    await advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(label()).toBe('Slide 2 of 4');
    await advance(8000);
    expect(label()).toBe('Slide 3 of 4');
    fireEvent.click(screen.getByRole('button', { name: /Go to slide 1/ }));
    expect(label()).toBe('Slide 1 of 4');
    expect(progress()).toBe('25%');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(label()).toBe('Slide 4 of 4');
    await advance(8000);
    expect(label()).toBe('Slide 1 of 4');
  });

  it('can be paused with its pause button', async () => {
    renderSlider();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    await advance(24000);
    expect(label()).toBe('Slide 1 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    await advance(8000);
    expect(label()).toBe('Slide 2 of 4');
  });

  it('does not start on its own when the visitor prefers reduced motion', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    try {
      renderSlider();
      await advance(16000);
      expect(label()).toBe('Slide 1 of 4');
    } finally {
      window.matchMedia = original;
    }
  });
});
