// Test-only entry point `@kbe/contracts/testing`: valid registration payloads for specs.
export { omit, validCandidate, validMentor, validSchool } from './lib/registration.fixtures';
