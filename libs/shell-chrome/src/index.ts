export * from './lib/nav-active.util';
export * from './lib/brand-logo';
export * from './lib/site-header';
export * from './lib/mobile-drawer';
export * from './lib/site-footer';
