import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await expect(this.heading).toBeVisible();
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel(/email/i).fill(email);
    await this.page.getByLabel(/password/i).fill(password);
    await this.page.getByRole('button', { name: /sign in/i }).click();
  }

  /** Signs in from a fresh page and waits for the landing screen. */
  async signInAs(user: { email: string; password: string; firstName: string }): Promise<void> {
    await this.goto();
    await this.signIn(user.email, user.password);
    await expect(this.page).toHaveURL(/\/classes$/);
    await expect(this.page.getByTestId('profile-link')).toContainText(user.firstName);
  }
}
