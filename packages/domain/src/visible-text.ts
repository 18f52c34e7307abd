/**
 * Characters a name may not carry, because a name is shown on the streamer's overlay and in game
 * chat, and these let one viewer render as another or break the line it is shown on:
 * - Cc: C0/C1 controls (NUL, BEL, tab, newline, ...);
 * - Cf: format characters, which covers the bidi controls (U+202A..U+202E, U+2066..U+2069), the
 *   zero-width ones (U+200B..U+200D, U+2060, U+FEFF), the soft hyphen and the tag characters;
 * - Zl, Zp: U+2028 and U+2029 end a line like a newline does, though they are not Cc;
 * - Cs: a lone surrogate is no character at all and MySQL's utf8mb4 cannot store it.
 * The price: emoji joined by U+200D (family, rainbow flag) and Persian words that need U+200C are
 * refused too; single emoji and every script's letters are not.
 * Unassigned code points (Cn) are let through on purpose: the browser and the server may know
 * different Unicode versions, and the form and the server must give the same answer.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

export function hasInvisibleOrControl(s: string): boolean {
  return INVISIBLE_OR_CONTROL.test(s);
}

/**
 * Names travel raw in webhook JSON to consumers we do not control (chat bots, browser sources),
 * some of which build HTML from them; a name never needs an angle bracket.
 */
const MARKUP = /[<>]/;

export function hasMarkup(s: string): boolean {
  return MARKUP.test(s);
}
