import { render, screen } from '@testing-library/react';

import App from './app';

describe('public remote', () => {
  it('shows its page heading', () => {
    render(<App />);
    expect(screen.getByTestId('remote-public').textContent).toBe('Einstein Quest');
  });
});
