// The thin bar at the top of the window during a route change. It appears only when the change takes
// longer than 200 ms (fast changes show nothing), creeps towards 90 % and completes when the new route
// has rendered. No spinner (as configured in the spec).

export const PROGRESS_DELAY_MS = 200;

export function startProgress(): () => void {
  let bar: HTMLDivElement | undefined;
  let creep: ReturnType<typeof setInterval> | undefined;
  let width = 0;
  const show = setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'route-progress';
    bar.setAttribute('aria-hidden', 'true');
    document.body.appendChild(bar);
    const set = (w: number) => {
      width = w;
      bar!.style.transform = `scaleX(${w / 100})`;
    };
    set(10);
    creep = setInterval(() => set(width + (90 - width) * 0.15), 200);
  }, PROGRESS_DELAY_MS);
  return () => {
    clearTimeout(show);
    clearInterval(creep);
    if (!bar) return;
    const done = bar;
    done.style.transform = 'scaleX(1)';
    done.classList.add('route-progress--done');
    setTimeout(() => done.remove(), 400);
  };
}
