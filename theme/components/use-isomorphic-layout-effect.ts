/**
 * A layout effect (before the page paints) in the browser; on the server, where nothing is laid out
 * and React warns of layout effects, a plain effect, which renderToString never runs.
 */
import { useEffect, useLayoutEffect } from 'react';

export const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
