// Entry point `@kbe/contracts/zod-free`: the parts of the contracts that need no zod (types,
// defaults, messages, paths and pure rules). Browser code on a first page load imports from here,
// so the ~60 KB (gzipped) validation library stays out of it; everything is also in `@kbe/contracts`.
export * from './lib/edition.settings';
export * from './lib/contact.messages';
export * from './lib/validation.messages';
export * from './lib/message-keys';
export * from './lib/api-paths';
export * from './lib/registration.choices';
export * from './lib/registration-code.util';
export * from './lib/image-file.rules';
export * from './lib/bracketed-fields.util';
export * from './lib/documents.contract';
export * from './lib/exam-time.util';
export * from './lib/consent.contract';
export * from './lib/language';
export * from './lib/data-rights.contract';
export * from './lib/plural.util';
export * from './lib/portal.contract';
export * from './lib/corrections.contract';
export * from './lib/results.rules';
export * from './lib/school-results-report.contract';
