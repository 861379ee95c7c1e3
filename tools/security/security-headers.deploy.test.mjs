// node --test tools/security/security-headers.deploy.test.mjs   (needs `node tools/deploy/toolchain.mjs` first)
// The Helm chart's default headers are the product's policy (tools/security/security-headers.json):
// the values, the Ingress's headers ConfigMap and the static front ends' nginx snippet, as rendered.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { productionValues, readYaml, render, umbrellaChart } from '../deploy/helm.mjs';
import { ingressHeaders, nginxSnippet, pageHeaders, tlsHeaders } from './headers.mjs';

const named = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata?.name === name);
const addHeaderLines = (text) => text.split('\n').filter((line) => line.startsWith('add_header ')).sort();

describe('Helm chart security headers = the policy', () => {
  const values = readYaml(join(umbrellaChart, 'values.yaml'));

  it('values.yaml: global.securityHeaders are the page headers, ingress.tlsSecurityHeaders add HSTS', () => {
    assert.deepEqual(values.global.securityHeaders, pageHeaders());
    assert.deepEqual(values.ingress.tlsSecurityHeaders, tlsHeaders());
  });

  it('the Ingress adds the page headers over http and HSTS too over TLS (production values)', () => {
    assert.deepEqual(named(render().objects, 'ConfigMap', 'kbe-security-headers').data, pageHeaders());
    assert.deepEqual(named(render({ values: [productionValues] }).objects, 'ConfigMap', 'kbe-security-headers').data, ingressHeaders());
  });

  it("every static front end's nginx gets the same add_header lines as the image's file", () => {
    const objects = render().objects;
    const expected = addHeaderLines(nginxSnippet());
    for (const app of ['shell', 'remote-public', 'remote-registration', 'remote-downloads', 'remote-schools', 'remote-admin']) {
      const conf = named(objects, 'ConfigMap', `${app}-files`)?.data?.['security-headers.conf'];
      assert.ok(conf, `${app}-files has security-headers.conf`);
      assert.deepEqual(addHeaderLines(conf), expected, app);
    }
  });
});
