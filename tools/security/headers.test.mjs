// node --test tools/security/headers.test.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { formatCsp, inlineScriptHashes, pageCsp, remoteOrigins } from './headers.mjs';

describe('security header policy', () => {
  it('formats directives in order and drops empty ones', () => {
    assert.equal(formatCsp({ $comment: 'x', 'default-src': ["'self'"], 'script-src': [], 'object-src': ["'none'"] }), "default-src 'self'; object-src 'none'");
  });

  it('takes the cross-origin remotes of a manifest, once each', () => {
    const manifest = {
      public: '/remotes/public/remoteEntry.js',
      admin: 'https://cdn.example.org/admin/remoteEntry.js',
      downloads: 'https://cdn.example.org/dl/remoteEntry.js',
      registration: 'http://localhost:8080/remotes/registration/remoteEntry.js',
    };
    assert.deepEqual(remoteOrigins(manifest), ['http://localhost:8080', 'https://cdn.example.org']);
    assert.deepEqual(remoteOrigins(manifest, 'http://localhost:8080'), ['https://cdn.example.org']);
  });

  it('hashes inline scripts and ignores external ones', () => {
    const html = '<script src="/runtime-config.js"></script><script type="module">alert(1)</script><SCRIPT>x()</SCRIPT >';
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    assert.deepEqual(inlineScriptHashes(html), ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='", "'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='"]);
  });

  it('never allows inline or eval for scripts', () => {
    const scriptSources = pageCsp({ remotes: ['https://cdn.example.org'] })
      .split('; ')
      .filter((d) => /^(script-src|default-src)/.test(d));
    assert.equal(scriptSources.length, 2);
    for (const directive of scriptSources) assert.doesNotMatch(directive, /unsafe-(inline|eval)/);
  });
});
