import { render, screen } from '@testing-library/react';
import { Button } from './button';

describe('Button', () => {
  it('is a non-submitting button by default', () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
  });

  it('renders its child with button styles when asChild is set', () => {
    render(
      <Button asChild>
        <a href="/einstein-quest/exams">Exams</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Exams' });
    expect(link).toHaveAttribute('href', '/einstein-quest/exams');
    expect(link).not.toHaveAttribute('type');
  });
});
