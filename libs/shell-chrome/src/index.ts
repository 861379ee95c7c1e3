export * from './lib/nav-active.util';
export * from './lib/brand-logo';
export * from './lib/site-header';
export * from './lib/mobile-drawer';
export * from './lib/site-footer';
export * from './lib/chrome.messages';
export * from './lib/language-switcher';
export * from './lib/language-offer';
