// `/runtime-config.js`: the deployment's settings for the browser, read before the bundles
// (apps/shell/src/index.html), so a deadline or a contact detail changes without a rebuild.
// It sets `window.__KBE_CONFIG__`, which @kbe/content reads (edition settings, contact details,
// and whether this is a development deployment).

/**
 * The browser-visible settings taken from the environment; unset variables are left out.
 * `deployment: 'development'` only when the stack runs the development profile
 * (tools/stack/profiles.mjs, NODE_ENV=development, set explicitly): the admin login then offers
 * its test-login button. Anything else, an unset NODE_ENV included, says nothing.
 */
export function runtimeConfig(env) {
  const edition = {};
  if (env.EDITION_REGISTRATION_DEADLINE) edition.registrationDeadline = env.EDITION_REGISTRATION_DEADLINE;
  if (env.EDITION_YEAR && /^\d{4}$/.test(env.EDITION_YEAR)) edition.year = Number(env.EDITION_YEAR);
  const contact = {};
  if (env.CONTACT_ADDRESS) contact.address = env.CONTACT_ADDRESS;
  if (env.CONTACT_PHONE) contact.phone = env.CONTACT_PHONE;
  if (env.CONTACT_EMAIL) contact.email = env.CONTACT_EMAIL;
  return {
    ...(env.NODE_ENV === 'development' ? { deployment: 'development' } : {}),
    ...(Object.keys(edition).length ? { edition } : {}),
    ...(Object.keys(contact).length ? { contact } : {}),
  };
}

/** The script itself. JSON is escaped so that no value can close the script element. */
export function runtimeConfigScript(env) {
  const json = JSON.stringify(runtimeConfig(env)).replace(/</g, '\\u003c');
  return `window.__KBE_CONFIG__ = ${json};\n`;
}
