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
    if (await button.isVisible()) await button.click();
  }

  get orgPicker() {
    return this.page.getByTestId('org-picker');
  }

  async switchOrg(name: string): Promise<void> {
    await this.orgPicker.click();
    await this.page.getByRole('menuitem', { name }).click();
  }

  async signOut(): Promise<void> {
    await this.openMenu();
    await this.page.getByRole('navigation').getByRole('button', { name: /sign out/i }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
