export interface TitlePart {
  text: string;
  highlighted: boolean;
}

/**
 * Splits a heading into plain and highlighted runs: every occurrence of each phrase in `highlight`,
 * matched case-sensitively as written. A phrase that is not in the title highlights nothing, so a
 * renamed title degrades to plain text instead of failing.
 */
export function highlightWords(title: string, highlight: readonly string[]): TitlePart[] {
  const phrases = highlight.filter((p) => p.length > 0);
  const parts: TitlePart[] = [];
  let rest = title;
  while (rest.length > 0) {
    // The earliest phrase wins; at the same place, the longer one (so 'Epic Events' beats 'Epic').
    let at = -1;
    let phrase = '';
    for (const p of phrases) {
      const i = rest.indexOf(p);
      if (i !== -1 && (at === -1 || i < at || (i === at && p.length > phrase.length))) {
        at = i;
        phrase = p;
      }
    }
    if (at === -1) {
      parts.push({ text: rest, highlighted: false });
      break;
    }
    if (at > 0) parts.push({ text: rest.slice(0, at), highlighted: false });
    parts.push({ text: phrase, highlighted: true });
    rest = rest.slice(at + phrase.length);
  }
  return parts;
}
