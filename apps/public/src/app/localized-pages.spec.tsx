import { Suspense } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from '@kbe/ui';
import App from './app';
import { ContactPage } from './contact/contact-page';

const future = { v7_startTransition: true, v7_relativeSplatPath: true };

// Pages and their Marathi or Hindi chunks are compiled on demand in jest.
jest.setTimeout(30000);
const slow = { timeout: 15000 };

/**
 * A page as the shell shows it in a language: the router's basename is `/mr` or `/hi`. Rendered in
 * an awaited act: the page suspends until its language's messages and content are in.
 */
async function renderIn(language: 'mr' | 'hi', path: string) {
  await act(async () => {
    render(
      <MemoryRouter basename={`/${language}`} initialEntries={[`/${language}${path}`]} future={future}>
        <App />
      </MemoryRouter>,
    );
  });
}

describe('the public pages in Marathi', () => {
  it('shows the home page in Marathi: hero, slider controls, about section and title', async () => {
    await renderIn('mr', '/einstein-quest');
    expect(await screen.findByRole('heading', { level: 1, name: 'आइन्स्टाइनसारखा विचार करा' }, slow)).toBeInTheDocument();
    expect(screen.getByTestId('hero-slide-label')).toHaveTextContent('स्लाइड १ / ४');
    expect(screen.getByRole('button', { name: 'पुढील स्लाइड' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'परीक्षांची माहिती' })[0]).toHaveAttribute('href', '/mr/einstein-quest/exams');
    expect(await screen.findByRole('heading', { name: 'आमचा जागतिक प्रभाव' }, slow)).toBeInTheDocument();
    expect(screen.getByText('आमची दृष्टी')).toBeInTheDocument();
    expect(screen.getByText('२०+')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'स्पर्धेचे वेळापत्रक' }, slow)).toBeInTheDocument();
    expect(document.title).toBe('KBE Young Scientist Competition');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/इयत्ता V ते XII\+ साठी विज्ञान परीक्षा/);
  });

  it('shows the about page in Marathi with its links staying in Marathi', async () => {
    await renderIn('mr', '/einstein-quest/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'आमच्याविषयी' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'दृष्टी आणि ध्येय' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'तीन स्तर' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'परीक्षांची माहिती' })).toHaveAttribute('href', '/mr/einstein-quest/exams');
    expect(screen.getAllByText('Super Advanced').length).toBeGreaterThan(0);
    expect(document.title).toBe('आमच्याविषयी - KBE Young Scientist Competition');
  });

  it('shows the gallery in Marathi: filters, counts in Marathi digits, captions and the count line', async () => {
    await renderIn('mr', '/einstein-quest/gallery');
    expect(await screen.findByRole('heading', { level: 1, name: 'KBE गॅलरी' }, slow)).toBeInTheDocument();
    const filters = screen.getByRole('group', { name: 'प्रकारानुसार निवडा' });
    expect(within(filters).getByRole('button', { name: /संपूर्ण गॅलरी/ })).toHaveTextContent('६५');
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent('६५ प्रेरणादायी चित्रे दाखवत आहोत');
    await userEvent.click(within(filters).getByRole('button', { name: /ISRO आणि NASA सफरी/ }));
    expect(screen.getByTestId('gallery-count-line')).toHaveTextContent('ISRO आणि NASA सफरी मधील १२ प्रेरणादायी चित्रे दाखवत आहोत');
    expect(screen.getByRole('button', { name: 'बंगळुरूत आगमन, ISRO आणि NASA सफरी: मोठे चित्र उघडा' })).toBeInTheDocument();
    expect(document.title).toBe('गॅलरी - KBE Young Scientist Competition');
  });

  it('answers an unknown path with the Page Not Found page in Marathi', async () => {
    await renderIn('mr', '/einstein-quest/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'पान सापडले नाही' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुख्यपृष्ठावर परत जा' })).toHaveAttribute('href', '/mr/einstein-quest');
    expect(document.title).toBe('पान सापडले नाही - KBE Young Scientist Competition');
  });

  it('shows the contact form rules in Marathi (the contracts messages by their keys) and a Marathi toast', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    await act(async () => {
      render(
        <MemoryRouter basename="/mr" initialEntries={['/mr/einstein-quest/contact']} future={future}>
          <Suspense fallback={null}>
            <ContactPage send={send} />
          </Suspense>
          <Toaster />
        </MemoryRouter>,
      );
    });
    await user.click(await screen.findByRole('button', { name: 'संदेश पाठवा' }, slow));
    expect(await screen.findByText('पहिले नाव किमान २ अक्षरांचे असावे')).toBeInTheDocument();
    expect(screen.getByText('कृपया वैध ईमेल पत्ता लिहा')).toBeInTheDocument();
    expect(screen.getByText('कृपया गट निवडा')).toBeInTheDocument();
    await user.type(screen.getByLabelText('पहिले नाव'), 'Asha');
    await user.type(screen.getByLabelText('आडनाव'), 'Patil');
    await user.type(screen.getByLabelText('ईमेल'), 'asha@example.org');
    await user.selectOptions(screen.getByLabelText('गट'), 'Grade II (इयत्ता VIII-X)');
    await user.type(screen.getByLabelText('संदेश'), 'Mains परीक्षा कधी आहे?');
    await user.click(screen.getByRole('button', { name: 'संदेश पाठवा' }));
    expect(await screen.findByText('संदेश यशस्वीरीत्या पाठवला!')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ gradeLevel: 'Grade II (Classes VIII-X)' }));
    expect(screen.getByText('सोम-शनि सकाळी ९ ते सायं. ५ (IST)')).toBeInTheDocument();
  });
});

describe('the public pages in Hindi', () => {
  it('shows the home page in Hindi', async () => {
    await renderIn('hi', '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'आइंस्टाइन की तरह सोचें' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'हमारा वैश्विक प्रभाव' })).toBeInTheDocument();
  });

  it('shows the exams page in Hindi with the dates written the Hindi way', async () => {
    await renderIn('hi', '/einstein-quest/exams');
    expect(await screen.findByRole('heading', { level: 1, name: 'परीक्षाएँ' }, slow)).toBeInTheDocument();
    expect(screen.getAllByText('19 मार्च 2025').length).toBeGreaterThan(0);
    expect(screen.getAllByText('योग्यता के आधार पर चयन')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Mains में योग्य? अपना परिणाम देखें' })).toHaveAttribute('href', '/hi/einstein-quest/downloads?action=result');
    expect(document.title).toBe('परीक्षाएँ - KBE Young Scientist Competition');
  });
});
