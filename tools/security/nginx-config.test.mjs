// node --test tools/security/nginx-config.test.mjs
// The static-file image (docker/static.Dockerfile) serves the shell and the remotes with nginx:
// every location of its configs must send the policy's headers. nginx drops inherited
// add_header lines in a block that has its own, so this follows nginx's inheritance rule.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { nginxSnippet, pageHeaders } from './headers.mjs';

const nginxDir = fileURLToPath(new URL('../../docker/nginx/', import.meta.url));
const dockerfile = readFileSync(fileURLToPath(new URL('../../docker/static.Dockerfile', import.meta.url)), 'utf8');

/** Tokens of an nginx config: words, quoted strings (quotes removed, \" unescaped), `{`, `}`, `;`. */
function tokenize(text) {
  const tokens = [];
  const pattern = /#[^\n]*|"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([{};])|([^\s{};"'#]+)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[0].startsWith('#')) continue;
    const quoted = match[1] ?? match[2];
    tokens.push(quoted !== undefined ? { word: quoted.replace(/\\(.)/g, '$1') } : match[3] ? { punct: match[3] } : { word: match[4] });
  }
  return tokens;
}

/** Blocks with their directives; `include <path>` is replaced by docker/nginx/<basename>. */
function parse(text) {
  const tokens = tokenize(text);
  let i = 0;
  const block = (name) => {
    const node = { name, directives: [], children: [] };
    let words = [];
    while (i < tokens.length) {
      const token = tokens[i++];
      if (token.punct === '}') return node;
      if (token.punct === ';') {
        if (words[0] === 'include') node.directives.push(...parse(readFileSync(join(nginxDir, basename(words[1])), 'utf8')).directives);
        else node.directives.push(words);
        words = [];
      } else if (token.punct === '{') {
        node.children.push(block(words.join(' ')));
        words = [];
      } else words.push(token.word);
    }
    return node;
  };
  return block('main');
}

/** Every server and location block with the headers nginx would add there. */
function effectiveHeaders(node, inherited = {}, out = []) {
  const own = node.directives.filter((d) => d[0] === 'add_header');
  const headers = own.length ? Object.fromEntries(own.map(([, name, value]) => [name, value])) : inherited;
  if (node.name !== 'main') out.push({ block: node.name, headers, always: own.every((d) => d[3] === 'always') });
  for (const child of node.children) effectiveHeaders(child, headers, out);
  return out;
}

describe('nginx config of the static-file image', () => {
  it('the snippet is the policy (regenerate: node tools/security/headers.mjs --nginx > docker/nginx/security-headers.conf)', () => {
    assert.equal(readFileSync(join(nginxDir, 'security-headers.conf'), 'utf8'), nginxSnippet());
  });

  it('the image puts the snippet where the configs include it', () => {
    const included = new Set(['shell.conf', 'remote.conf'].flatMap((file) => [...readFileSync(join(nginxDir, file), 'utf8').matchAll(/include (\S+security-headers\.conf);/g)].map((m) => m[1])));
    assert.equal(included.size, 1, `one include path, found ${[...included].join(', ')}`);
    assert.ok(dockerfile.includes(`COPY docker/nginx/security-headers.conf ${[...included][0]}`), `the Dockerfile copies the snippet to ${[...included][0]}`);
  });

  for (const file of ['shell.conf', 'remote.conf']) {
    it(`${file}: every location sends the policy's headers, on errors too`, () => {
      const text = readFileSync(join(nginxDir, file), 'utf8').replaceAll('__BASE_PATH__', '/remotes/public/');
      const blocks = effectiveHeaders(parse(text));
      assert.ok(blocks.length >= 4, `${file}: found ${blocks.length} blocks`);
      const policyHeaders = pageHeaders();
      for (const { block, headers, always } of blocks) {
        for (const [name, value] of Object.entries(policyHeaders)) assert.equal(headers[name], value, `${file} ${block}: ${name}`);
        assert.ok(always, `${file} ${block}: add_header without "always" skips error answers`);
      }
    });
  }

  it('the check sees a location that forgets the headers', () => {
    const text = `server { include /etc/nginx/kbe/security-headers.conf; location /x { add_header Cache-Control "no-cache" always; } }`;
    const broken = effectiveHeaders(parse(text)).find((b) => b.block === 'location /x');
    assert.equal(broken.headers['Content-Security-Policy'], undefined);
  });
});
