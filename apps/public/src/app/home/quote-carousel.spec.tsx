import { act, fireEvent, render, screen } from '@testing-library/react';
import { QUOTES } from '@kbe/content';
import { QuoteCarousel } from './quote-carousel';

/** The quote a reader sees (the others share its place, hidden, so the section keeps one height). */
const shownQuote = () => screen.getByText((_, element) => element?.tagName === 'FIGURE' && element.getAttribute('data-current') === 'true');

describe('QuoteCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rotates to the next quote every 8 seconds', () => {
    render(<QuoteCarousel />);
    expect(shownQuote()).toHaveTextContent(QUOTES[0].quote);
    act(() => {
      jest.advanceTimersByTime(7999);
    });
    expect(shownQuote()).toHaveTextContent(QUOTES[0].quote);
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(shownQuote()).toHaveTextContent(QUOTES[1].quote);
  });

  it('shows the quote whose dot is clicked and keeps rotating from there', () => {
    render(<QuoteCarousel />);
    fireEvent.click(screen.getByRole('button', { name: `Show quote 3 of ${QUOTES.length}` }));
    expect(shownQuote()).toHaveTextContent(QUOTES[2].quote);
    expect(screen.getByRole('button', { name: `Show quote 3 of ${QUOTES.length}` })).toHaveAttribute('aria-current', 'true');
    act(() => {
      jest.advanceTimersByTime(8000);
    });
    expect(shownQuote()).toHaveTextContent(QUOTES[3].quote);
  });

  it('lays every quote out in the same place, the others hidden from sight and from screen readers', () => {
    const { container } = render(<QuoteCarousel />);
    const figures = [...container.querySelectorAll('figure')];
    expect(figures).toHaveLength(QUOTES.length);
    for (const figure of figures) expect(figure).toHaveClass('col-start-1', 'row-start-1');
    expect(figures.filter((figure) => figure.getAttribute('aria-hidden') !== 'true')).toEqual([shownQuote()]);
    expect(figures.filter((figure) => figure.classList.contains('invisible'))).toHaveLength(QUOTES.length - 1);
  });
});
