import { act, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './toaster';
import { dismissToast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toast } from './toast.store';

describe('Toaster', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    act(() => {
      dismissToast();
      jest.runOnlyPendingTimers();
    });
    jest.useRealTimers();
  });

  it('shows a toast with its title and description', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message Sent Successfully!', description: 'Thank you.' });
    });
    expect(screen.getByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Thank you.')).toBeInTheDocument();
  });

  it('shows at most one toast: a new toast replaces the visible one', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
    });
    act(() => {
      toast({ title: 'Second', variant: 'destructive' });
    });
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getAllByRole('status').length + screen.queryAllByRole('alert').length).toBeGreaterThan(0);
  });

  it('closes a toast by itself after 5000 ms, not before', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Auto close' });
    });
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.getByText('Auto close')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(100 + TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Auto close')).not.toBeInTheDocument();
  });

  it('marks the destructive variant', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Failed', variant: 'destructive' });
    });
    expect(screen.getByText('Failed').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
  });

  it('closes when the close button is pressed', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Closable' });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    act(() => {
      jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('focuses the notifications region with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hotkey' });
    });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(region.contains(document.activeElement) || document.activeElement === region.querySelector('ol')).toBe(true);
  });
});
