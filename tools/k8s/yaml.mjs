// A small, deterministic YAML writer for the plain data the generator emits (objects,
// arrays, strings, numbers, booleans, null). Strings that YAML could read as something
// else are quoted.
const PLAIN = /^[A-Za-z_/][A-Za-z0-9_./:-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|null|~|y|n)$/i;

function scalar(value) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = String(value);
  return PLAIN.test(text) && !RESERVED.test(text) ? text : JSON.stringify(text);
}

function isEmpty(value) {
  return Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function emit(value, indent) {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        if (typeof item === 'object' && item !== null && !isEmpty(item)) {
          const body = emit(item, indent + 2);
          return `${pad}- ${body.slice(indent + 2)}`;
        }
        return `${pad}- ${isEmpty(item) ? (Array.isArray(item) ? '[]' : '{}') : scalar(item)}`;
      })
      .join('\n');
  }
  return Object.entries(value)
    .map(([key, item]) => {
      const k = scalar(key);
      if (typeof item === 'object' && item !== null) {
        if (isEmpty(item)) return `${pad}${k}: ${Array.isArray(item) ? '[]' : '{}'}`;
        return `${pad}${k}:\n${emit(item, Array.isArray(item) ? indent : indent + 2)}`;
      }
      return `${pad}${k}: ${scalar(item)}`;
    })
    .join('\n');
}

export function toYaml(value) {
  return `${emit(value, 0)}\n`;
}
