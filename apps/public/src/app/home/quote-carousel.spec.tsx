import { act, fireEvent, render, screen } from '@testing-library/react';
import { QUOTES } from '@kbe/content';
import { QuoteCarousel } from './quote-carousel';

describe('QuoteCarousel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rotates to the next quote every 8 seconds', () => {
    render(<QuoteCarousel />);
    expect(screen.getByText(QUOTES[0].quote)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(7999);
    });
    expect(screen.getByText(QUOTES[0].quote)).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText(QUOTES[1].quote)).toBeInTheDocument();
  });

  it('shows the quote whose dot is clicked and keeps rotating from there', () => {
    render(<QuoteCarousel />);
    fireEvent.click(screen.getByRole('button', { name: `Show quote 3 of ${QUOTES.length}` }));
    expect(screen.getByText(QUOTES[2].quote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Show quote 3 of ${QUOTES.length}` })).toHaveAttribute('aria-current', 'true');
    act(() => {
      jest.advanceTimersByTime(8000);
    });
    expect(screen.getByText(QUOTES[3].quote)).toBeInTheDocument();
  });
});
