import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import App from './app';
import { resolvePublicPage } from './public-routes';

const future = { v7_startTransition: true, v7_relativeSplatPath: true };

// Pages are lazy chunks: the first import of each is compiled on demand in jest.
jest.setTimeout(30000);

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={future}>
      <App />
    </MemoryRouter>,
  );
}

describe('public remote', () => {
  it.each([
    ['/', 'home'],
    ['/einstein-quest', 'home'],
    ['/einstein-quest/', 'home'],
    ['/einstein-quest/about', 'about'],
    ['/einstein-quest/exams', 'exams'],
    ['/einstein-quest/gallery', 'gallery'],
    ['/einstein-quest/contact', 'contact'],
    ['/einstein-quest/parental-consent/KBE123456ABC', 'parental-consent'],
    ['/einstein-quest/parental-consent/', 'not-found'],
    ['/einstein-quest/nowhere', 'not-found'],
    ['/somewhere/else', 'not-found'],
  ])('serves %s with the %s page', (path, page) => {
    expect(resolvePublicPage(path)).toBe(page);
  });

  it('renders the home page with the competition name as title and the remote marker', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Think Like Einstein' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByTestId('remote-public')).toBeInTheDocument();
    expect(document.title).toBe('KBE Young Scientist Competition');
    expect(screen.getByRole('heading', { name: 'Our Global Impact' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Competition Timeline' })).toBeInTheDocument();
  });

  it('renders Page Not Found for an unknown path, keeping the remote marker', async () => {
    renderAt('/einstein-quest/unknown');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByTestId('remote-public')).toBeInTheDocument();
  });

  it('renders the exams page: Mains opens registration, the others are merit-based and lead the qualified to their result', async () => {
    renderAt('/einstein-quest/exams');
    expect(await screen.findByRole('heading', { level: 1, name: 'Exams' }, { timeout: 15000 })).toBeInTheDocument();
    const registerLinks = screen.getAllByRole('link', { name: 'Register Now' });
    expect(registerLinks[0]).toHaveAttribute('href', '/einstein-quest/online-registrations');
    expect(screen.getAllByText('Merit-Based Selection')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Qualified in the Mains? See your result' })).toHaveAttribute('href', '/einstein-quest/downloads?action=result');
    expect(screen.getByRole('link', { name: 'Qualified in the Advanced? See your result' })).toHaveAttribute('href', '/einstein-quest/downloads?action=result');
    expect(screen.queryByRole('button', { name: 'Merit-Based Selection' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Register for the Mains' })).toHaveAttribute('href', '/einstein-quest/online-registrations');
    expect(document.getElementById('syllabus')).not.toBeNull();
    expect(screen.getByText('₹270-₹360')).toBeInTheDocument();
  });

  it('renders the contact page with the FAQ, direct contact and directions actions', async () => {
    renderAt('/einstein-quest/contact');
    expect(await screen.findByRole('heading', { level: 2, name: 'Get in Touch' }, { timeout: 15000 })).toBeInTheDocument();
    expect(document.title).toBe('Contact Us - KBE Young Scientist Competition');
    expect(screen.getByRole('heading', { name: 'Quick Response Promise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us Directly' })).toHaveAttribute('href', 'mailto:info@example.org');
    expect(screen.getByRole('link', { name: /Get Directions/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.*Nashik/,
    );
    expect(document.getElementById('faq')).not.toBeNull();
  });

  it('renders the about page with links to exams and gallery', async () => {
    renderAt('/einstein-quest/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore Exams' })).toHaveAttribute('href', '/einstein-quest/exams');
    expect(screen.getByRole('link', { name: 'View Gallery' })).toHaveAttribute('href', '/einstein-quest/gallery');
  });
});
