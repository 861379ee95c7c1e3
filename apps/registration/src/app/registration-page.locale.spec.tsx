import '@testing-library/jest-dom';
import { act, screen, within } from '@testing-library/react';
import { dismissToast } from '@kbe/ui';
import { jsonAnswer } from './testing/fake-server.testing';
import { VALID_CANDIDATE_FIELDS, field, fill, findToast, imageFile, renderPage } from './testing/render-page.testing';
import { firstPaintChunkGroups, pageMeta } from '../server/render-entry';
import { registrationMessages } from '../i18n/registration.catalogue';
import en from '../i18n/en.messages.json';
import hi from '../i18n/hi.messages.json';
import mr from '../i18n/mr.messages.json';

jest.setTimeout(60_000);
beforeEach(() => localStorage.clear());
afterEach(() => act(() => dismissToast()));

/** Rendered in an act scope that waits: the page suspends until its language's messages arrive. */
async function renderIn(locale: 'mr' | 'hi') {
  let page: ReturnType<typeof renderPage> | undefined;
  await act(async () => {
    page = renderPage({ locale });
  });
  return page as ReturnType<typeof renderPage>;
}

const MR = mr as Record<keyof typeof en, string>;

/** The English labels of the candidate form's fields, by their Marathi ones. */
const LABEL_KEYS = Object.fromEntries(
  Object.entries(en as Record<string, string>)
    .filter(([key]) => key.startsWith('label.'))
    .map(([key, text]) => [text, key as keyof typeof en]),
);
const inMarathi = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([label, value]) => [MR[LABEL_KEYS[label]], value]));

describe('the registration page in Marathi (/mr)', () => {
  it('shows Marathi labels, headings and choices, and sends the same values', async () => {
    await renderIn('mr');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('KBE Young Scientist नोंदणी पोर्टल 2025');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['शाळा नोंदणी', 'मार्गदर्शक शिक्षक नोंदणी', 'विद्यार्थी नोंदणी']);
    const form = screen.getByRole('form', { name: 'शाळा नोंदणी' });
    expect(field(form, 'शाळेचे नाव')).toBeInTheDocument();
    const options = within(field(form, 'शाळेचा प्रकार')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', 'शाळेचा प्रकार निवडा'],
      ['Primary', 'प्राथमिक'],
      ['Secondary', 'माध्यमिक'],
      ['Higher Secondary', 'उच्च माध्यमिक'],
    ]);
    expect(document.title).toBe('ऑनलाइन नोंदणी - KBE Young Scientist Competition');
    expect(screen.getByRole('link', { name: 'शाळा पोर्टलमध्ये आपल्या विद्यार्थ्यांची माहिती पाहा' })).toHaveAttribute('href', '/mr/einstein-quest/school-portal');
  });

  it('gives the edge the page title and the messages chunk of each language', async () => {
    await registrationMessages.load('mr');
    expect(pageMeta('/einstein-quest/online-registrations', 'mr').title).toBe('ऑनलाइन नोंदणी - KBE Young Scientist Competition');
    expect(pageMeta('/einstein-quest/online-registrations', 'en')).toEqual({
      title: 'Online Registration - KBE Young Scientist Competition',
      description: 'Register your school, its mentors and their candidates online for the KBE Young Scientist Competition.',
    });
    expect(firstPaintChunkGroups('/einstein-quest/online-registrations', 'en')).toEqual(['__federation_expose_Module']);
    expect(firstPaintChunkGroups('/einstein-quest/online-registrations', 'hi')).toEqual(['__federation_expose_Module', 'locale-hi-registration']);
  });

  it('says a wrong PIN and a missing field in Marathi beside the field', async () => {
    const { user } = await renderIn('mr');
    const form = await screen.findByRole('form', { name: 'शाळा नोंदणी' });
    fill(form, { 'पिन कोड': '42201' });
    await user.click(within(form).getByRole('button', { name: 'शाळेची नोंदणी करा' }));

    expect(await within(form).findByText('पिन कोड नेमका 6 अंकी असावा')).toBeInTheDocument();
    expect(field(form, 'पिन कोड')).toHaveAccessibleDescription('पिन कोड नेमका 6 अंकी असावा');
    expect(field(form, 'शाळेचे नाव')).toHaveAccessibleDescription('शाळेचे नाव आवश्यक आहे');
    expect(within(form).getByText('कृपया शाळेचा प्रकार निवडा')).toBeInTheDocument();
  });

  it('says a missing photo in Marathi, then registers the candidate in Marathi', async () => {
    const { user, server } = await renderIn('mr');
    await user.click(await screen.findByRole('tab', { name: 'विद्यार्थी नोंदणी' }));
    const form = screen.getByRole('form', { name: 'विद्यार्थी नोंदणी' });
    fill(form, inMarathi(VALID_CANDIDATE_FIELDS));
    await user.upload(field(form, 'स्वाक्षरी'), imageFile('signature.png', 'image/png'));
    await user.click(within(form).getByRole('button', { name: 'विद्यार्थ्याची नोंदणी करा' }));

    const alert = await within(form).findByTestId('candidate-error-alert');
    expect(alert).toHaveTextContent('विद्यार्थ्याची नोंदणी झाली नाही');
    expect(alert).toHaveTextContent('फोटो आणि स्वाक्षरी ही दोन्ही कागदपत्रे आवश्यक आहेत');
    expect(field(form, 'फोटो')).toHaveAccessibleDescription('JPEG, PNG, WebP किंवा GIF, जास्तीत जास्त 5MB. फोटो आणि स्वाक्षरी ही दोन्ही कागदपत्रे आवश्यक आहेत');
    expect(server.requests).toHaveLength(0);

    server.next(jsonAnswer(201, { success: true, data: { candidateCode: 'KBE250001AP' } }));
    await user.upload(field(form, 'फोटो'), imageFile('photo.jpg'));
    await user.click(within(form).getByRole('button', { name: 'विद्यार्थ्याची नोंदणी करा' }));
    const success = await within(form).findByTestId('candidate-success-alert');
    expect(success).toHaveTextContent('विद्यार्थ्याची नोंदणी यशस्वीरीत्या पूर्ण झाली.');
    expect(within(success).getByRole('link', { name: 'आत्ताच पालकांची संमती देऊ शकतात' })).toHaveAttribute(
      'href',
      '/mr/einstein-quest/parental-consent/KBE250001AP',
    );
    expect(await findToast('यशस्वी!')).toHaveTextContent('आपला विद्यार्थी क्रमांक KBE250001AP आहे.');
    const body = server.requests[0]?.body as FormData;
    expect(body.get('language')).toBe('mr');
    expect(body.get('personalDetails[gender]')).toBe('Male');
    expect(body.get('guardianDetails[relation]')).toBe('Mother');
  });

  it('shows a network failure in Hindi on /hi', async () => {
    const { user, server } = await renderIn('hi');
    const form = await screen.findByRole('form', { name: (hi as Record<string, string>)['form.school'] });
    server.next({ networkError: true });
    fill(form, {
      'विद्यालय का नाम': 'Nashik Model School',
      'UDISE कोड': '27201234567',
      'संपर्क नंबर': '9876543210',
      'विद्यालय का प्रकार': 'Secondary',
      क्षेत्र: 'Gangapur Road',
      मोहल्ला: 'Anandvalli',
      सड़क: 'Lane 4',
      गाँव: 'Anandvalli',
      कस्बा: 'Nashik',
      नगर: 'Nashik',
      राज्य: 'Maharashtra',
      'पिन कोड': '422013',
      'प्रधानाचार्य का नाम': 'S. Kulkarni',
      'प्रधानाचार्य का संपर्क नंबर': '9123456780',
    });
    await user.click(within(form).getByRole('button', { name: 'विद्यालय का पंजीकरण करें' }));
    const alert = await within(form).findByTestId('school-error-alert');
    expect(alert).toHaveTextContent('विद्यालय का पंजीकरण नहीं हो सका');
    expect(alert).toHaveTextContent('सर्वर से संपर्क नहीं हो सका। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से प्रयास करें।');
  });

  it('sends English as the language of an English registration, and keeps every English word', async () => {
    const { user, server } = renderPage();
    await user.click(screen.getByRole('tab', { name: 'Candidate Registration' }));
    const form = screen.getByRole('form', { name: 'Candidate registration' });
    server.next(jsonAnswer(201, { success: true, data: { candidateCode: 'KBE250002AP' } }));
    fill(form, VALID_CANDIDATE_FIELDS);
    await user.upload(field(form, 'Photo'), imageFile('photo.jpg'));
    await user.upload(field(form, 'Signature'), imageFile('signature.png', 'image/png'));
    await user.click(within(form).getByRole('button', { name: 'Register Candidate' }));
    const success = await within(form).findByTestId('candidate-success-alert');
    expect(within(success).getByRole('link', { name: 'give parental consent now' })).toHaveAttribute('href', '/einstein-quest/parental-consent/KBE250002AP');
    expect((server.requests[0]?.body as FormData).get('language')).toBe('en');
  });
});
