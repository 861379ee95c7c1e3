import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { deferredSection, whenNearViewport } from './deferred-section';

/** An IntersectionObserver whose targets come into view when the test says so. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  targets: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  scrollIntoView(isIntersecting = true) {
    this.callback(this.targets.map(() => ({ isIntersecting })));
  }
}

describe('deferredSection', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    document.body.innerHTML = '';
  });

  it('loads at once when the section is not prerendered (a client navigation), and the page waits for it', async () => {
    await expect(whenNearViewport('nowhere')).resolves.toBeUndefined();
    const Section = deferredSection('client', () => Promise.resolve({ default: () => <p>Competition Timeline</p> }));
    render(
      <Suspense fallback={<p>Page loading</p>}>
        <h1>Exams</h1>
        <Section />
      </Suspense>,
    );
    // the page's own loading state covers the section: the page appears whole
    expect(screen.getByText('Page loading')).toBeTruthy();
    expect(screen.queryByText('Exams')).toBeNull();
    expect(await screen.findByText('Competition Timeline')).toBeTruthy();
    expect(screen.getByText('Exams')).toBeTruthy();
  });

  it('keeps the prerendered markup, loads nothing until the section comes near, then hydrates it in place', async () => {
    const load = jest.fn(() => Promise.resolve({ default: () => <p className="stages">Competition Timeline</p> }));
    const ServerSection = deferredSection('home-stages', () => Promise.resolve({ default: () => <p className="stages">Competition Timeline</p> }));
    // what the edge sends: the section rendered to completion (the second render finds its code
    // loaded), with a boundary of its own. The edge renders in Node, without a document or an
    // IntersectionObserver; under jsdom a stand-in of prerendered markup says the same to the section.
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    const standIn = document.createElement('div');
    standIn.setAttribute('data-deferred-section', 'home-stages');
    standIn.append('prerendered');
    document.body.appendChild(standIn);
    renderToString(<ServerSection />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const serverMarkup = renderToString(<ServerSection />);
    standIn.remove();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
    expect(serverMarkup).toContain('<!--$-->');
    const container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.appendChild(container);
    const prerendered = container.querySelector('p.stages');
    expect(prerendered?.textContent).toBe('Competition Timeline');

    const Section = deferredSection('home-stages', load);
    const errors: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Section />, { onRecoverableError: (error) => errors.push(error) });
    });
    // the page renders again (e.g. when it marks itself interactive): the waiting markup stays
    await act(async () => {
      root?.render(<Section />);
    });
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('p.stages')).toBe(prerendered);

    await act(async () => {
      FakeIntersectionObserver.instances[0].scrollIntoView();
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(FakeIntersectionObserver.instances[0].disconnected).toBe(true);
    // hydrated, not painted again: the same element, no recoverable error
    expect(container.querySelector('p.stages')).toBe(prerendered);
    expect(errors).toEqual([]);
  });
});
