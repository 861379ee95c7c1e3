import { act, render, screen } from '@testing-library/react';
import { DeferredToaster } from './deferred-toaster';
import { dismissToast, toast } from './toast.store';

describe('DeferredToaster', () => {
  afterEach(() => {
    act(() => dismissToast());
  });

  it('renders no toast region before the first toast', () => {
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('loads the toaster with the first toast and shows that toast', async () => {
    render(<DeferredToaster />);
    act(() => {
      toast({ title: 'Message Sent Successfully!', description: 'Thank you.' });
    });
    expect(await screen.findByText('Message Sent Successfully!', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Thank you.')).toBeInTheDocument();
  });
});
