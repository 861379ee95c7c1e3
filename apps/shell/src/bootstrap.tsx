import { startTransition, StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { routerBasename, splitLocalePath } from '@kbe/i18n';
import { CHROME_MESSAGES } from '@kbe/shell-chrome';

import App from './app/app';
import { isNotPrerenderedSection } from './app/hydration';
// The stylesheet is part of the bootstrap chunk: a separate webpack "styles" entry would
// carry its own copy of the federation runtime (~58 KB gzipped) on every first load. On a
// prerendered page the edge also links it from the HTML, so the first paint is styled.
import './styles.css';

const container = document.getElementById('root') as HTMLElement;
// A Marathi or Hindi page lives under /mr or /hi: the router's basename, so every page keeps its
// English path inside it and every link stays in the page's language (switching language loads
// the other language's page, tools/edge).
const { locale } = splitLocalePath(window.location.pathname);
document.documentElement.lang = locale;
const tree = (
  <StrictMode>
    <BrowserRouter basename={routerBasename(locale)} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// A page the edge prerendered (tools/edge/prerender.mjs) is hydrated: React attaches to the
// markup already painted instead of painting it again. Anything else is rendered here.
// As a transition, the hydration is split into short tasks that give way to the browser (a phone's
// main thread is never blocked for long; input is handled between them) instead of one long task.
function start() {
  if (container.hasChildNodes()) hydrate();
  else ReactDOM.createRoot(container).render(tree);
}

function hydrate() {
  startTransition(() => {
    ReactDOM.hydrateRoot(container, tree, {
      onRecoverableError(error) {
        if (!isNotPrerenderedSection(error)) console.error('[shell] hydration:', error);
      },
    });
  });
}

// A Marathi or Hindi page first gets the chrome's messages (its preloaded chunk), so the header and
// footer hydrate at once instead of waiting under a suspended root; if they cannot be loaded, the
// page still starts (the chrome's boundaries then wait for them).
if (locale === 'en') start();
else CHROME_MESSAGES.load(locale).then(start, start);
