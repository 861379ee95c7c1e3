export * from './lib/locales';
export * from './lib/locale-path';
export * from './lib/accept-language';
export * from './lib/localized';
export * from './lib/catalogue';
export * from './lib/locale-choice';
