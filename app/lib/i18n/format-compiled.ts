/**
 * The browser's formatter of a compiled message (issue 34): the few kinds of
 * ICU element the catalogues use (text, `{name}`, `{n, number}`,
 * `{n, plural, …}` with `#` and `=N`, `{x, select, …}`), as
 * intl-messageformat's formatter gives them, on the browser's own `Intl`: a
 * few hundred bytes instead of its 3 kB on every hydrated page.
 * app/lib/i18n/browser-react-i18next.test.ts checks every message of every
 * catalogue against the server's i18next; a kind not handled here throws, so
 * a catalogue that starts to use one fails that test.
 */
import type { MessageAst } from "./compiled";

type Values = Record<string, unknown>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rules(language: string, type: "cardinal" | "ordinal"): Intl.PluralRules {
  const key = `${language}/${type}`;
  let found = pluralRules.get(key);
  if (!found) {
    found = new Intl.PluralRules(language, { type });
    pluralRules.set(key, found);
  }
  return found;
}

function number(language: string, value: unknown): string {
  let found = numberFormats.get(language);
  if (!found) {
    found = new Intl.NumberFormat(language);
    numberFormats.set(language, found);
  }
  return found.format(value as number);
}

function argument(values: Values | undefined, name: string): unknown {
  if (!values || !(name in values)) throw new Error(`The message needs a value for {${name}}`);
  return values[name];
}

export function formatCompiled(ast: MessageAst, language: string, values?: Values, pound?: number): string {
  let text = "";
  for (const element of ast) {
    switch (element.type) {
      case 0: // literal
        text += element.value;
        break;
      case 1: {
        // {name}
        const value = argument(values, element.value);
        text += typeof value === "string" || typeof value === "number" ? String(value) : "";
        break;
      }
      case 2: // {n, number}
        if (element.style) throw new Error(`Unsupported number style in {${element.value}}`);
        text += number(language, argument(values, element.value));
        break;
      case 5: {
        // {x, select, …}
        const chosen = element.options[String(argument(values, element.value))] ?? element.options.other;
        text += formatCompiled(chosen.value, language, values, pound);
        break;
      }
      case 6: {
        // {n, plural, …}
        const value = Number(argument(values, element.value));
        const option =
          element.options[`=${value}`] ??
          element.options[rules(language, element.pluralType ?? "cardinal").select(value - element.offset)] ??
          element.options.other;
        text += formatCompiled(option.value, language, values, value - element.offset);
        break;
      }
      case 7: // #
        text += number(language, pound);
        break;
      default:
        throw new Error(`Unsupported message element of type ${element.type}`);
    }
  }
  return text;
}
