import { render, screen } from '@testing-library/react';

import App from './app';

describe('downloads remote', () => {
  it('shows its page heading', () => {
    render(<App />);
    expect(screen.getByTestId('remote-downloads').textContent).toBe('Downloads');
  });
});
