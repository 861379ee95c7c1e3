import '@testing-library/jest-dom';
import { act, render, screen, within } from '@testing-library/react';
import { DEFAULT_EDITION } from '@kbe/contracts';
import { dismissToast } from '@kbe/ui';
import App from './app';
import { getEditionSettings } from '@kbe/content';
import { BEFORE_DEADLINE, AFTER_DEADLINE, field, fill, formNamed, imageFile, renderPage } from './testing/render-page.testing';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());
afterEach(() => act(() => dismissToast()));

describe('registration page', () => {
  it('is titled for the edition, shows the deadline and the three tabs', () => {
    renderPage();
    expect(screen.getByTestId('remote-registration')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Registration Portal 2025');
    expect(screen.getByTestId('deadline-banner')).toHaveTextContent('30th October 2025');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['School Registration', 'Mentor Registration', 'Candidate Registration']);
    expect(screen.getByRole('tab', { name: 'School Registration' })).toHaveAttribute('aria-selected', 'true');
    expect(document.title).toBe('Online Registration - KBE Young Scientist Competition');
    // the outline has no gap: the shown tab's card title is the level below the page's heading
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['School Registration']);
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
  });

  it('links registered schools and mentors to the school portal', () => {
    renderPage();
    expect(screen.getByTestId('school-portal-link')).toHaveTextContent('Registered school or mentor? Follow your pupils in the school portal');
    expect(screen.getByRole('link', { name: 'Follow your pupils in the school portal' })).toHaveAttribute('href', '/einstein-quest/school-portal');
  });

  it("adds no main landmark of its own: the page's one is the shell's, around every remote", () => {
    renderPage();
    expect(screen.getByTestId('remote-registration')).toBeInTheDocument();
    expect(screen.queryByRole('main')).toBeNull();
  });

  it('takes the year and deadline from the edition settings', () => {
    const edition = { ...DEFAULT_EDITION, year: 2026, registrationDeadline: '2026-11-01T23:59:59.999+05:30' };
    renderPage({ edition, now: new Date('2026-10-01T00:00:00Z') });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Registration Portal 2026');
    expect(screen.getByTestId('deadline-banner')).toHaveTextContent('1st November 2026');
  });

  it('says registration has closed after the deadline', () => {
    renderPage({ now: AFTER_DEADLINE });
    expect(screen.getByTestId('deadline-banner')).toHaveTextContent('Registration for this edition has closed.');
  });

  it('switches tabs', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Candidate Registration' }));
    expect(formNamed('Candidate registration')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'School registration' })).not.toBeInTheDocument();
  });

  it('keeps a draft of each form across a reload, but not the files', async () => {
    const first = renderPage();
    fill(formNamed('School registration'), { 'School Name': 'Draft School', 'PIN Code': '4220' });
    await first.user.click(screen.getByRole('tab', { name: 'Candidate Registration' }));
    const candidate = formNamed('Candidate registration');
    fill(candidate, { 'Full Name': 'Draft Child', Gender: 'Female' });
    await first.user.upload(field(candidate, 'Photo'), imageFile('photo.jpg'));
    first.view.unmount();

    const second = renderPage();
    expect(field(formNamed('School registration'), 'School Name')).toHaveValue('Draft School');
    expect(field(formNamed('School registration'), 'PIN Code')).toHaveValue('4220');
    await second.user.click(screen.getByRole('tab', { name: 'Candidate Registration' }));
    const restored = formNamed('Candidate registration');
    expect(field(restored, 'Full Name')).toHaveValue('Draft Child');
    expect(field(restored, 'Gender')).toHaveValue('Female');
    expect(field(restored, 'Photo').files).toHaveLength(0);
    expect(localStorage.getItem('kbe.registration.draft.candidate.v1')).not.toContain('photo.jpg');
  });

  it('ignores a corrupted draft', () => {
    localStorage.setItem('kbe.registration.draft.school.v1', '{not json');
    localStorage.setItem('kbe.registration.draft.mentor.v1', JSON.stringify({ name: 42, extra: 'x' }));
    renderPage();
    expect(field(formNamed('School registration'), 'School Name')).toHaveValue('');
  });

  it('renders with the default edition when the host gives none', () => {
    render(<App now={() => BEFORE_DEADLINE} />);
    expect(screen.getByTestId('deadline-banner')).toHaveTextContent('30th October 2025');
    expect(getEditionSettings({ year: 'nope' }).year).toBe(DEFAULT_EDITION.year);
    expect(getEditionSettings({ ...DEFAULT_EDITION, year: 2027 }).year).toBe(2027);
  });

  it("shows the deployment's deadline from the host page's runtime config", () => {
    const host = globalThis as typeof globalThis & { __KBE_CONFIG__?: unknown };
    host.__KBE_CONFIG__ = { edition: { registrationDeadline: '2026-12-31T23:59:59.999+05:30' } };
    try {
      render(<App now={() => BEFORE_DEADLINE} />);
      expect(screen.getByTestId('deadline-banner')).toHaveTextContent('31st December 2026');
    } finally {
      delete host.__KBE_CONFIG__;
    }
  });

  it('fits a 320 px screen: one column of fields', () => {
    renderPage();
    const school = formNamed('School registration');
    const grids = within(school).getAllByRole('group').map((g) => g.querySelector('div'));
    expect(grids.length).toBeGreaterThan(0);
    for (const grid of grids) expect(grid).toHaveClass('grid-cols-1');
  });
});
