import type { ReactNode } from 'react';
import { textOf } from './text-of.ts';

/** Highlight values carry `<mark>` around matches and escaped text elsewhere; render them as text. */
export function highlighted(value: string): ReactNode[] {
  const parts = value.split(/<mark>|<\/mark>/);
  return parts.map((part, i) => {
    const text = textOf(part);
    return i % 2 === 1 ? <mark key={i}>{text}</mark> : <span key={i}>{text}</span>;
  });
}
