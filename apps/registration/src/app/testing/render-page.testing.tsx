import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render, screen, within, fireEvent } from '@testing-library/react';
import type { Locale } from '@kbe/i18n';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@kbe/ui';
import { createHttpClient } from '@kbe/api-client';
import { DEFAULT_EDITION, type EditionSettings } from '@kbe/contracts';
import App from '../app';
import { createRegistrationApi } from '../common/registration-api';
import { createFakeServer } from './fake-server.testing';

export const BEFORE_DEADLINE = new Date('2025-09-01T10:00:00+05:30');
export const AFTER_DEADLINE = new Date('2025-10-31T00:00:01+05:30');

export const PAGE_PATH = '/einstein-quest/online-registrations';

/**
 * Renders the remote as the shell does (inside its router, whose basename is `/mr` or `/hi` on a
 * Marathi or Hindi page, and a Suspense boundary while a language loads; with the shared toaster)
 * against a fake server.
 */
export function renderPage(options: { now?: Date; edition?: EditionSettings; locale?: Locale } = {}) {
  const server = createFakeServer();
  const api = createRegistrationApi(createHttpClient({ fetch: server.fetch }));
  const user = userEvent.setup();
  const now = options.now ?? BEFORE_DEADLINE;
  const prefix = !options.locale || options.locale === 'en' ? '' : `/${options.locale}`;
  const view = render(
    <MemoryRouter basename={prefix || undefined} initialEntries={[`${prefix}${PAGE_PATH}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Suspense fallback={null}>
        <App api={api} edition={options.edition ?? DEFAULT_EDITION} now={() => now} />
      </Suspense>
      <Toaster />
    </MemoryRouter>,
  );
  return { server, user, view, api };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The visible form with this accessible name. */
export const formNamed = (name: string) => screen.getByRole('form', { name });

/** A field of `scope` by its label text (the required marker ' *' is ignored). */
export const field = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as HTMLInputElement;

export function fill(scope: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(scope, label), { target: { value } });
}

export const VALID_SCHOOL_FIELDS = {
  'School Name': 'Nashik Model School',
  'UDISE Code': '27201234567',
  'Contact Number': '9876543210',
  'School Type': 'Secondary',
  Area: 'Gangapur Road',
  Locality: 'Anandvalli',
  Street: 'Lane 4',
  Village: 'Anandvalli',
  Town: 'Nashik',
  City: 'Nashik',
  State: 'Maharashtra',
  'PIN Code': '422013',
  'Principal Name': 'S. Kulkarni',
  'Principal Contact Number': '9123456780',
};

export const VALID_MENTOR_FIELDS = {
  'School Code': 'SCH-7KQ2XM',
  Name: 'Anita Deshmukh',
  'Email (optional)': 'anita@example.org',
  'Contact Number': '9988776655',
  'Subject Teaching': 'Physics',
  'Work Experience (years)': '7',
  Address: '12 College Road, Nashik',
  'Activities Participated': 'Science fair coordinator',
  'Opinion on ISRO': 'Inspiring for students',
};

export const VALID_CANDIDATE_FIELDS = {
  'Mentor Code': 'MEN-4HT9PA',
  'Full Name': 'Aarav Patil',
  "Father's Name": 'Suresh Patil',
  "Mother's Name": 'Meena Patil',
  Gender: 'Male',
  'Date of Birth': '2012-06-15',
  Religion: 'Hindu',
  Region: 'Urban',
  'Mother Tongue': 'Marathi',
  'Phone Number': '9876501234',
  'Parent/Guardian Name': 'Meena Patil',
  'Relation to the Candidate': 'Mother',
  Address: 'Flat 3, Shanti Apartments',
  Village: 'Satpur',
  Taluka: 'Nashik',
  District: 'Nashik',
  State: 'Maharashtra',
  'PIN Code': '422007',
  'School Name': 'Nashik Model School',
  Standard: '8th',
  Medium: 'English',
  Board: 'CBSE',
  'KBE Category': 'Sec',
  'KBE Stage Participated': 'Mains',
  'Fees (₹)': '300',
};

export const imageFile = (name: string, type = 'image/jpeg', size?: number) => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** The visible toast whose title is `title` (not the screen-reader announcement copy). */
export async function findToast(title: string): Promise<HTMLElement> {
  const titleElement = await screen.findByText(title, { selector: 'li *' });
  const toastElement = titleElement.closest('li');
  if (!toastElement) throw new Error(`No toast titled ${title}`);
  return toastElement;
}
