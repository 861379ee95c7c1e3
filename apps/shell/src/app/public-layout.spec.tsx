import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { PublicLayout } from './public-layout';

// The header and footer are @kbe/shell-chrome's (tested there); here only where they sit.
jest.mock('@kbe/shell-chrome', () => ({
  SiteHeader: () => <header>header</header>,
  SiteFooter: () => <footer>footer</footer>,
  LanguageOffer: () => null,
}));
jest.mock('@kbe/ui', () => ({ DeferredToaster: () => null }));

describe('public layout', () => {
  it('puts the page between header and footer in the one main landmark of the page', () => {
    render(
      <MemoryRouter initialEntries={['/einstein-quest/downloads']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <PublicLayout>
          <h1>Download Documents</h1>
        </PublicLayout>
      </MemoryRouter>,
    );
    const main = screen.getAllByRole('main');
    expect(main).toHaveLength(1);
    expect(main[0].id).toBe('main-content');
    expect(main[0].contains(screen.getByRole('heading', { name: 'Download Documents' }))).toBe(true);
    expect(main[0].contains(screen.getByRole('banner'))).toBe(false);
    expect(main[0].contains(screen.getByRole('contentinfo'))).toBe(false);
  });
});
