import { expect, type Page } from '@playwright/test';

export class ShellPage {
  constructor(private readonly page: Page) {}

  get profileLink() {
    return this.page.getByTestId('profile-link');
  }

  get title() {
    return this.page.getByTestId('topbar-title');
  }

  get subtitle() {
    return this.page.locator('.topbar__subtitle');
  }

  menuItem(key: string) {
    return this.page.getByTestId(`menu-${key}`);
  }

  /** Opens the menu drawer on narrow screens; on wide screens the menu is always shown. */
  async openMenu(): Promise<void> {
    // The live top bar's, not the saved picture's that may still be under it (#splash).
    const button = this.page.locator('.topbar__menu-button:not(#splash *)');
    // Only when closed: the button toggles the drawer.
    if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }

  get orgPicker() {
    return this.page.getByTestId('org-picker');
  }

  async switchOrg(name: string): Promise<void> {
    await this.orgPicker.click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  async signOut(): Promise<void> {
    const button = this.page.getByRole('navigation').getByRole('button', { name: /sign out/i });
    // A drawer that did not open on the first tap (another tab of the app busy beside it, on a
    // loaded machine) is tapped again, as a member would.
    await expect(async () => {
      await this.openMenu();
      await expect(button).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await button.click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
