import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  beforeEach(() => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <SiteFooter />
      </MemoryRouter>,
    );
  });

  it('links Syllabus to the exams syllabus section and FAQ to the contact FAQ; the others are coming soon', () => {
    const resources = screen.getByRole('region', { name: 'Resources' });
    expect(within(resources).getByRole('link', { name: 'Syllabus' })).toHaveAttribute('href', '/einstein-quest/exams#syllabus');
    expect(within(resources).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/einstein-quest/contact#faq');
    expect(within(resources).getAllByRole('link')).toHaveLength(2);
    expect(within(resources).getAllByText('(coming soon)')).toHaveLength(3);
  });

  it('shows the contact details, office hours and quick links', () => {
    expect(screen.getByText('Mon-Sat 9am to 5pm IST')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'info@example.org' })).toHaveAttribute('href', 'mailto:info@example.org');
    const quick = screen.getByRole('navigation', { name: 'Quick Links' });
    expect(within(quick).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home',
      'About Us',
      'Exams',
      'Gallery',
      'Contact',
      'Downloads',
      'School portal',
    ]);
    expect(within(quick).getByRole('link', { name: 'School portal' })).toHaveAttribute('href', '/einstein-quest/school-portal');
  });

  it('has two real social links and two placeholders', () => {
    expect(screen.getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(2);
    expect(screen.getAllByRole('img', { name: /coming soon/ })).toHaveLength(2);
  });
});
