import { Fragment } from 'react';

/**
 * A catalogue's sentence with its terms marked: `<b>…</b>` drawn bold, `<code>…</code>` as code
 * (the record's formulas name each figure they define). Nothing else in the text is markup.
 */
export function Marked({ text }: { text: string }) {
  const parts = text.split(/<(b|code)>(.*?)<\/\1>/g);
  const out = [];
  for (let i = 0; i < parts.length; i += 3) {
    out.push(<Fragment key={i}>{parts[i]}</Fragment>);
    const tag = parts[i + 1];
    const inner = parts[i + 2];
    if (tag === 'b') out.push(<b key={i + 1}>{inner}</b>);
    else if (tag === 'code') out.push(<code key={i + 1}>{inner}</code>);
  }
  return <>{out}</>;
}
