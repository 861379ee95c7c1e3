import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { InteractiveSection } from './interactive-section';

describe('InteractiveSection', () => {
  it('is not marked interactive in the prerendered markup (no script has run yet)', () => {
    const html = renderToString(
      <InteractiveSection testId="remote-downloads">
        <h1>Download Documents</h1>
      </InteractiveSection>,
    );
    expect(html).toBe('<div data-testid="remote-downloads"><h1>Download Documents</h1></div>');
  });

  it('is marked interactive once rendered in the browser, its content unchanged', () => {
    render(
      <InteractiveSection testId="remote-downloads">
        <h1>Download Documents</h1>
      </InteractiveSection>,
    );
    const section = screen.getByTestId('remote-downloads');
    expect(section).toHaveAttribute('data-interactive', 'true');
    expect(section).toContainElement(screen.getByRole('heading', { name: 'Download Documents' }));
  });
});
