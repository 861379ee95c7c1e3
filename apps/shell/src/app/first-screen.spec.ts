import { afterFirstScreen, type FirstScreenWindow } from './first-screen';

/** A window whose load event, frames and timers the test fires by hand. */
function fakeWindow(readyState: DocumentReadyState) {
  let onLoad: (() => void) | undefined;
  const frames: Array<() => void> = [];
  const timers: Array<{ run: () => void; delay: number }> = [];
  const win: FirstScreenWindow = {
    document: { readyState },
    addEventListener: ((type: string, listener: () => void) => {
      if (type === 'load') onLoad = listener;
    }) as Window['addEventListener'],
    requestAnimationFrame: (callback) => frames.push(() => callback(0)),
    setTimeout: ((run: () => void, delay = 0) => timers.push({ run, delay })) as Window['setTimeout'],
  };
  return {
    win,
    load: () => onLoad?.(),
    paintFrame: () => frames.splice(0).forEach((frame) => frame()),
    runTimers: (delay: number) => timers.filter((timer) => timer.delay === delay).forEach((timer) => timer.run()),
  };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstScreen', () => {
  it('waits for the load event and the frame painted after it', async () => {
    const page = fakeWindow('interactive');
    const started = afterFirstScreen(page.win, 3000);
    page.runTimers(0);
    expect(await settled(started)).toBe(false);
    page.load();
    expect(await settled(started)).toBe(false);
    page.paintFrame();
    expect(await settled(started)).toBe(false);
    page.runTimers(0);
    expect(await settled(started)).toBe(true);
  });

  it('needs only the next frame when the page has already loaded', async () => {
    const page = fakeWindow('complete');
    const started = afterFirstScreen(page.win, 3000);
    page.paintFrame();
    page.runTimers(0);
    expect(await settled(started)).toBe(true);
  });

  it('starts anyway after the limit when the page never finishes loading', async () => {
    const page = fakeWindow('loading');
    const started = afterFirstScreen(page.win, 3000);
    page.runTimers(3000);
    expect(await settled(started)).toBe(true);
  });
});
