/**
 * A panel that animates open and closed with a duration computed from its height (1 ms when the
 * reader prefers reduced motion). Closed panels are `hidden`, so their links leave the tab order.
 */
import { useRef, type ReactNode } from 'react';
import { collapseDurationMs, COLLAPSE } from '../constants.ts';
import { useIsomorphicLayoutEffect } from './use-isomorphic-layout-effect.ts';

export function Collapsible(props: { open: boolean; id?: string; className?: string; children: ReactNode; as?: 'div' | 'ul' }) {
  const ref = useRef<HTMLElement | null>(null);
  const first = useRef(true);
  useIsomorphicLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (first.current) {
      first.current = false;
      return;
    }
    el.hidden = false;
    const height = el.scrollHeight;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const duration = reduced ? COLLAPSE.reducedMotionMs : collapseDurationMs(height);
    el.dataset.collapseDuration = String(duration);
    if (typeof el.animate !== 'function') {
      el.hidden = !props.open;
      return;
    }
    el.style.overflow = 'hidden';
    const frames = props.open ? [{ height: '0px' }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: '0px' }];
    const animation = el.animate(frames, { duration, easing: 'ease-in-out' });
    animation.onfinish = () => {
      el.style.overflow = '';
      el.hidden = !props.open;
    };
    return () => animation.cancel();
  }, [props.open]);
  const Tag = props.as ?? 'div';
  return (
    <Tag
      ref={ref as never}
      id={props.id}
      className={props.className}
      hidden={!props.open}
    >
      {props.children}
    </Tag>
  );
}
