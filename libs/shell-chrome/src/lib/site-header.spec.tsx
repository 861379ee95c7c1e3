import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SiteHeader } from './site-header';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <SiteHeader />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SiteHeader', () => {
  it('shows the links, the Registration Open indicator and Register Now', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home',
      'About Us',
      'Exams',
      'Downloads',
      'Gallery',
    ]);
    expect(screen.getByText('Registration Open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute(
      'href',
      '/einstein-quest/online-registrations',
    );
  });

  it('highlights only Home on the root path', () => {
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Gallery' })).not.toHaveAttribute('aria-current');
  });

  it('highlights Gallery and not Home on the gallery page', () => {
    renderAt('/einstein-quest/gallery');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('opens the drawer with the edition year and the three lines, and closes it on a link click', async () => {
    const user = userEvent.setup();
    renderAt('/einstein-quest/about');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Register for the 2025 edition' })).toBeInTheDocument();
    expect(within(drawer).getByText('Join 10,000+ young scientists')).toBeInTheDocument();
    expect(within(drawer).getByText('50+ Countries')).toBeInTheDocument();
    expect(within(drawer).getByText('10L+ Prizes')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(drawer).getByRole('link', { name: 'Exams' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/einstein-quest/exams');
  });

  it('closes the drawer with Escape and gives focus back to the menu button', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    await screen.findByRole('dialog');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});
