import type { ReactNode } from 'react';

/** Highlight values carry `<mark>` around matches and escaped text elsewhere; render them as text. */
export function highlighted(value: string): ReactNode[] {
  const parts = value.split(/<mark>|<\/mark>/);
  return parts.map((part, i) => {
    const text = decodeEntities(part);
    return i % 2 === 1 ? <mark key={i}>{text}</mark> : <span key={i}>{text}</span>;
  });
}

function decodeEntities(text: string): string {
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name] ?? '');
}
