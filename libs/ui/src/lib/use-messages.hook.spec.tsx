import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { defineCatalogue } from '@kbe/i18n';

import { useLocale, useMessages } from './use-messages.hook';

function messages() {
  return defineCatalogue(
    { hello: 'Hello {name}' },
    { mr: async () => ({ default: { hello: 'नमस्कार {name}' } }), hi: async () => ({ default: { hello: 'नमस्ते {name}' } }) },
  );
}

/** Hooks after the wait: they must run the same way whether the component waited or not. */
function Greeting({ catalogue }: { catalogue: ReturnType<typeof messages> }) {
  const t = useMessages(catalogue);
  const [name] = useState('Asha');
  return (
    <p>
      {t('hello', { name })} ({useLocale()})
    </p>
  );
}

/** Rendered inside an awaited act: React 19 lets a suspended test render resume only there. */
async function renderAt(path: string, basename: string | undefined, catalogue = messages()) {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const tree = (
    <MemoryRouter basename={basename} initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Suspense fallback={<p>waiting</p>}>
        <Greeting catalogue={catalogue} />
      </Suspense>
    </MemoryRouter>
  );
  await act(async () => {
    render(tree);
  });
  return errors;
}

afterEach(() => jest.restoreAllMocks());

describe('useMessages', () => {
  it('renders English at once, without waiting', async () => {
    const errors = await renderAt('/einstein-quest', undefined);
    expect(screen.getByText('Hello Asha (en)')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('waits for a language the first time, then renders it with the hooks after the wait intact', async () => {
    const errors = await renderAt('/mr/einstein-quest', '/mr');
    expect(await screen.findByText('नमस्कार Asha (mr)')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });

  it('renders a language already loaded at once', async () => {
    const catalogue = messages();
    await catalogue.load('hi');
    await renderAt('/hi', '/hi', catalogue);
    expect(screen.getByText('नमस्ते Asha (hi)')).toBeInTheDocument();
  });
});
