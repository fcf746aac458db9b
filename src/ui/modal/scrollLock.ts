// Reference-counted so stacked dialogs (a confirm over a modal) unlock only when the last closes.
let locks = 0;

const LOCKED_CLASS = 'is-scroll-locked';

export function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    // Keep the scrollbar's width as padding so content does not shift sideways.
    const scrollbar = window.innerWidth - root.clientWidth;
    if (scrollbar > 0) root.style.setProperty('--scrollbar-compensation', `${scrollbar}px`);
    root.classList.add(LOCKED_CLASS);
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) {
      root.classList.remove(LOCKED_CLASS);
      root.style.removeProperty('--scrollbar-compensation');
    }
  };
}
