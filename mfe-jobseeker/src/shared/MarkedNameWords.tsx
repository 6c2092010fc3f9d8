import { nameWordsIn } from '@meritmatch/contracts';
import type { ReactNode } from 'react';

/**
 * `text` with each word of `fullName` in it marked: highlighted and underlined (not by colour
 * alone), and named for screen readers, which seldom announce a <mark>.
 */
export function MarkedNameWords({ text, fullName }: { text: string; fullName: string }) {
  const pieces: ReactNode[] = [];
  let written = 0;
  for (const { word, start, end } of nameWordsIn(fullName, text)) {
    if (start > written) pieces.push(text.slice(written, start));
    pieces.push(
      <mark key={start} className="name-word">
        {word}
        <span className="visually-hidden"> (part of your name)</span>
      </mark>,
    );
    written = end;
  }
  if (written < text.length) pieces.push(text.slice(written));
  return <>{pieces}</>;
}
