import { render, screen } from '@testing-library/react';

import App from './app';

describe('registration remote', () => {
  it('shows its page heading', () => {
    render(<App />);
    expect(screen.getByTestId('remote-registration').textContent).toBe('Online Registrations');
  });
});
