import { render, screen } from '@testing-library/react';

import App from './app';

describe('admin remote', () => {
  it('shows its page heading', () => {
    render(<App />);
    expect(screen.getByTestId('remote-admin').textContent).toBe('Admin');
  });
});
