/**
 * An area catalog: the messages of one part of the product in English and Russian, kept in a file of
 * its own so parts built side by side never edit the same catalog file. The type makes the Russian
 * half name exactly the English keys; `en.ts` and `ru.ts` merge the areas into the product catalogs.
 */
export function area<const E extends Record<string, string>>(en: E, ru: { [K in keyof E]: string }) {
  return { en, ru };
}
