/**
 * Characters that show nothing: white space, default-ignorable code points (zero-width space and joiners, word
 * joiner, BOM, variation selectors, Hangul fillers, soft hyphen...), other format and control characters, unassigned
 * and private-use code points, lone surrogates, marks without a base character, and the blank Braille pattern.
 */
const INVISIBLE =
  /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{M}\u2800\u3164\uFFA0]/gu;

/** Whether the text holds at least one character a reader can see (posts, comments, messages, a bio). */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, '').length > 0;
}
