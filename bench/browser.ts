// What the browser benchmarks share: Chromium's flags, the median and signing in as Alex.
import type { Page } from '@playwright/test';

/** Chromium without background work that would add noise to the timings. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The median of repeated runs with their spread, as a bench line prints them. */
export function summarise(values: number[]): { value: number; min: number; max: number } {
  return { value: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Signs in as the demo member and waits for the timetable, the landing screen. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill('demo@example.com');
  await page.getByLabel(/password/i).fill('demo1234');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/classes$/);
  await page.getByTestId('timetable').waitFor();
}
