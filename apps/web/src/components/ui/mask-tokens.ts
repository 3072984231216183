import { Mask, type MaskTokens } from "maska";

const LETTER = /[a-zA-Zа-яА-ЯёЁ]/;

/**
 * The six mask token kinds of SPEC.md §5. `!` escapes the next character
 * (maska handles it itself): `!#` is a literal '#'.
 */
export const MASK_TOKENS: MaskTokens = {
  /** A digit. */
  "#": { pattern: /[0-9]/ },
  /** A letter or a digit. */
  X: { pattern: /[0-9a-zA-Zа-яА-ЯёЁ]/ },
  /** A letter. */
  S: { pattern: LETTER },
  /** A letter, forced to upper case. */
  A: { pattern: LETTER, transform: (char) => char.toUpperCase() },
  /** A letter, forced to lower case. */
  a: { pattern: LETTER, transform: (char) => char.toLowerCase() },
};

export const MASK_ESCAPE = "!";

export const PHONE_MASK = "+7 (###) ###-##-##";

/** A mask using exactly the tokens above (maska's own defaults are replaced). */
export function createMask(mask: string): Mask {
  return new Mask({ mask, tokens: MASK_TOKENS, tokensReplace: true });
}
