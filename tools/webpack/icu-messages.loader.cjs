// Compiles a message catalogue (`*.messages.json`, ICU message syntax) for the browser: a message
// without arguments becomes its plain text, one with arguments its syntax tree, so the browser
// formats with intl-messageformat and never downloads the parser (~9 KB gzipped). A message that
// does not parse fails the build, naming the catalogue and the key.
const { parse, TYPE } = require('@formatjs/icu-messageformat-parser');

/**
 * @this {{ resourcePath: string }} the loader context (the catalogue's file)
 * @param {string} source the catalogue's JSON
 */
module.exports = function compileIcuMessages(source) {
  const compiled = {};
  for (const [key, text] of Object.entries(JSON.parse(source))) {
    let tree;
    try {
      tree = parse(text, { requiresOtherClause: true });
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${key}" is not valid ICU syntax: ${error.message}`);
    }
    const plain = tree.length === 0 ? '' : tree.length === 1 && tree[0].type === TYPE.literal && !tree[0].value.includes('{') ? tree[0].value : undefined;
    compiled[key] = plain ?? tree;
  }
  return `export default ${JSON.stringify(compiled)};`;
};
