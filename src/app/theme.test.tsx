import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setTheme, useThemeChoice } from './theme';
import { applyTheme, readTheme } from './theme-apply';

function Shown() {
  return <p>{useThemeChoice()}</p>;
}

describe('theme choice', () => {
  afterEach(() => {
    localStorage.clear();
    delete document.documentElement.dataset.theme;
    document.head.innerHTML = '';
  });

  it('follows the system until the member chooses, then keeps the choice on the device', () => {
    expect(readTheme()).toBe('system');
    setTheme('dark');
    expect(readTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    setTheme('system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('ignores a stored value it does not know', () => {
    localStorage.setItem('theme', 'purple');
    expect(readTheme()).toBe('system');
  });

  it('colours the browser bars like the top bar of the chosen theme', () => {
    document.head.innerHTML = '<meta name="theme-color" content="#000">';
    applyTheme('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#151d24');
    applyTheme('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0f766e');
  });

  it('tells views when the choice changes', () => {
    render(<Shown />);
    expect(screen.getByText('system')).toBeTruthy();
    act(() => setTheme('light'));
    expect(screen.getByText('light')).toBeTruthy();
  });
});
