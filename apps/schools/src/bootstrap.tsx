import { StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import App from './app/app';
// The stylesheet is part of the bootstrap chunk: a separate webpack "styles" entry would
// carry its own copy of the federation runtime (~58 KB gzipped) on every first load.
import './styles.css';

// Standalone start (`nx serve <remote>`): the remote brings its own router. Inside the
// shell only ./Module (src/remote-entry.ts) is used, under the shell's router and inside the
// main landmark of its chrome; standalone, the page gets its one main landmark here.
const root = ReactDOM.createRoot(document.getElementById('root') as HTMLElement);
root.render(
  <StrictMode>
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <main id="main-content">
        <App />
      </main>
    </BrowserRouter>
  </StrictMode>,
);
