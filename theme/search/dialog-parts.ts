/**
 * What the parts docsgen adds to DocSearch's dialog (the failure screen, the results status) are
 * made of: a value set from outside React, by the search client's wrappers, and read by a component
 * with useSyncExternalStore; and the element of DocSearch's dialog the component is portalled into.
 */
import { useLayoutEffect, useState } from 'react';

export interface DialogValue<T> {
  get(): T;
  /** Sets the value; listeners hear of a change only (and `onChange`, given to createDialogValue). */
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function createDialogValue<T>(initial: T, onChange?: (value: T) => void): DialogValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      onChange?.(next);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The element of DocSearch's dialog, inside `container`, that a part goes into, once the dialog has rendered. */
export function useDialogElement(container: HTMLElement, selector: string): Element | null {
  const [element, setElement] = useState<Element | null>(null);
  useLayoutEffect(() => setElement(container.querySelector(selector)), [container, selector]);
  return element;
}
