/**
 * The bar at the top of the window while a route loads. The spec has it start only after a
 * 200 ms delay (the caller waits ROUTE_PROGRESS_DELAY_MS) and finish when the route is shown. While
 * the route loads it creeps towards 90 %, each step a part of what is left; done, it fills the
 * width, fades out and is removed. Decorative: the new route's heading takes the focus and is
 * announced (route-focus.ts), so the bar is hidden from assistive technology.
 *
 * nprogress did this before: its last release is from 2015, and its code was 1.7 KB gzip of every
 * page's JavaScript for a bar this file draws with one element and two CSS transitions.
 */
const FIRST_STEP = 0.08;
const CREEP_TO = 0.9;
const CREEP_SHARE = 0.15;
const CREEP_EVERY_MS = 250;
/** The fade's delay and duration in main.css (#route-progress), plus a frame. */
const REMOVE_AFTER_MS = 550;

let bar: HTMLDivElement | null = null;
let amount = 0;
let creeping: ReturnType<typeof setInterval> | undefined;
let removal: ReturnType<typeof setTimeout> | undefined;

function showAmount(value: number): void {
  amount = value;
  bar?.style.setProperty('transform', `scaleX(${value})`);
}

export function startRouteProgress(): void {
  clearTimeout(removal);
  clearInterval(creeping);
  if (!bar) {
    bar = document.createElement('div');
    bar.id = 'route-progress';
    bar.setAttribute('aria-hidden', 'true');
    document.body.appendChild(bar);
  }
  bar.classList.remove('route-progress--done');
  showAmount(FIRST_STEP);
  creeping = setInterval(() => showAmount(amount + (CREEP_TO - amount) * CREEP_SHARE), CREEP_EVERY_MS);
}

/** Finishes the bar if it was started; a route shown within the delay never had one. */
export function finishRouteProgress(): void {
  if (!bar) return;
  clearInterval(creeping);
  showAmount(1);
  const finished = bar;
  finished.classList.add('route-progress--done');
  removal = setTimeout(() => {
    finished.remove();
    if (bar === finished) bar = null;
  }, REMOVE_AFTER_MS);
}
