/** The enabled items of a menu, its own (not a nested menu's), in DOM order. */
export function menuItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]')).filter(
    (el) => el.closest('[role="menu"]') === menu && !el.matches(':disabled, [aria-disabled="true"]'),
  );
}
