/**
 * Helpers for the screens' form posts (conform).
 */

/**
 * Drops the entries that would give a list field another shape: the forms
 * only ever send `contacts[0].name`, never `contacts=x`, `contacts.name=x` or
 * `contacts[a]=x`. conform's `getFieldList()` throws when the posted value it
 * shows again is not a list, which would turn such a post into a 500.
 */
export function keepListShape(formData: FormData, ...names: string[]): FormData {
  for (const key of [...formData.keys()]) {
    for (const name of names) {
      if (!key.startsWith(name)) continue;
      const rest = key.slice(name.length);
      if (rest === "" || rest.startsWith(".") || (rest.startsWith("[") && !/^\[\d+\]/.test(rest))) formData.delete(key);
    }
  }
  return formData;
}
