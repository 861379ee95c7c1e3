/** DLT (TRAI) variable placeholder in a registered template; each stands for at most 30 characters. */
const DLT_VARIABLE = '{#var#}';
const MAX_VARIABLE_LENGTH = 30;

const compiled = new Map<string, RegExp>();

/**
 * Whether `text` is an instance of the DLT-registered `template`: the fixed parts must be equal
 * (operators reject anything else), each `{#var#}` filled with 1 to 30 characters.
 */
export function matchesDltTemplate(template: string, text: string): boolean {
  let pattern = compiled.get(template);
  if (!pattern) {
    const source = template
      .split(DLT_VARIABLE)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(`[\\s\\S]{1,${MAX_VARIABLE_LENGTH}}`);
    pattern = new RegExp(`^${source}$`);
    compiled.set(template, pattern);
  }
  return pattern.test(text);
}
