// Test-only entry point `@kbe/contracts/testing`: valid registration payloads for specs.
export { omit, validCandidate, validGuardian, validMentor, validSchool } from './lib/registration.fixtures';
