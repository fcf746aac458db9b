import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dropdown, DropdownItem, type DropdownProps } from './index';
import { loadDropdownPopup } from './Dropdown';
import { Modal } from '../modal/index';

function Menu(props: Partial<DropdownProps> & { onMark?: () => void }) {
  const { onMark, ...rest } = props;
  return (
    <>
      <button type="button">Elsewhere</button>
      <Dropdown trigger="Options" {...rest}>
        <DropdownItem onSelect={onMark}>Mark all as read</DropdownItem>
        <DropdownItem disabled>Disabled</DropdownItem>
        <DropdownItem>Notification settings</DropdownItem>
      </Dropdown>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: 'Options' });
const menu = () => screen.queryByRole('menu');

describe('Dropdown, its open part loaded (it then opens in the same render)', () => {
  beforeAll(async () => {
    await loadDropdownPopup();
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('wires aria-haspopup / aria-expanded / aria-controls and focuses the first item', () => {
    render(<Menu />);
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().getAttribute('aria-controls')).toBe(menu()?.id);
    expect(menu()?.getAttribute('aria-labelledby')).toBe(trigger().id);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Mark all as read' }));
  });

  it('offers one of a set of choices as menuitemradio items, the chosen one checked, and arrows move between them', () => {
    const onSelect = vi.fn();
    render(
      <Dropdown trigger="React" label="Reactions">
        <DropdownItem checked={false} onSelect={onSelect}>Like</DropdownItem>
        <DropdownItem checked>Strong</DropdownItem>
      </Dropdown>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'React' }));
    expect(screen.getByRole('menu', { name: 'Reactions' })).toBeTruthy();
    expect(screen.getByRole('menuitemradio', { name: 'Strong' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Like' }).getAttribute('aria-checked')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Like' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Strong' }));
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Like' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('closes on an outside press', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(menu()).toBeNull();
  });

  it('stays open on a press inside', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Notification settings' }));
    expect(menu()).toBeTruthy();
  });

  it('closes on Escape and gives focus back to the trigger', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('closes on selection and runs onSelect', () => {
    const onMark = vi.fn();
    render(<Menu onMark={onMark} />);
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    expect(onMark).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('toggles closed with a second click on the trigger', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.click(trigger());
    expect(menu()).toBeNull();
  });

  it('moves with arrow keys, Home and End, skipping disabled items and wrapping', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    const first = screen.getByRole('menuitem', { name: 'Mark all as read' });
    const last = screen.getByRole('menuitem', { name: 'Notification settings' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(last);
  });

  it('opens from the keyboard: ArrowDown focuses the first item, ArrowUp the last', () => {
    render(<Menu />);
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Mark all as read' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.keyDown(trigger(), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Notification settings' }));
  });

  it('Tab closes a menu and returns focus to the trigger', () => {
    render(<Menu />);
    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('auto-closes after autoCloseMs', () => {
    render(<Menu autoCloseMs={10_000} />);
    fireEvent.click(trigger());
    act(() => vi.advanceTimersByTime(9_999));
    expect(menu()).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it('restarts the auto-close timer on interaction and pauses it while hovered', () => {
    render(<Menu autoCloseMs={10_000} />);
    fireEvent.click(trigger());
    act(() => vi.advanceTimersByTime(8_000));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    act(() => vi.advanceTimersByTime(8_000));
    expect(menu()).toBeTruthy();
    fireEvent.pointerEnter(menu()!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(60_000));
    expect(menu()).toBeTruthy();
    fireEvent.pointerLeave(menu()!, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(10_000));
    expect(menu()).toBeNull();
  });

  it('works as a panel with arbitrary content and a render-prop close', () => {
    render(
      <Dropdown
        variant="panel"
        label="Notifications"
        renderTrigger={(props, { open }) => (
          <button {...props} aria-label="Notifications, 2 unread">
            {open ? 'open' : 'closed'}
          </button>
        )}
      >
        {({ close }) => (
          <div>
            <h2>Notifications</h2>
            <p>You have no notifications</p>
            <button type="button" onClick={() => close()}>
              Done
            </button>
          </div>
        )}
      </Dropdown>,
    );
    const bell = screen.getByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(document.activeElement).toBe(panel);
    expect(bell.textContent).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a nested dropdown inside a panel counts as inside', () => {
    render(
      <Dropdown variant="panel" label="Notifications" trigger="Bell">
        <Dropdown trigger="More" label="Notification options">
          <DropdownItem>Mark all as read</DropdownItem>
        </Dropdown>
      </Dropdown>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bell' }));
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const item = screen.getByRole('menuitem', { name: 'Mark all as read' });
    fireEvent.pointerDown(item);
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    // Escape closes only the inner menu.
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
  });

  it('Escape inside a dropdown in a modal closes only the dropdown', () => {
    const onClose = vi.fn();
    render(
      <Modal open title="Edit" onClose={onClose}>
        <Menu />
      </Modal>,
    );
    fireEvent.click(trigger());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(menu()).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(trigger().closest('.modal')).toBeTruthy();
  });

  it('supports controlled open state', () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(<Menu open={false} onOpenChange={onOpenChange} />);
    fireEvent.click(trigger());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(menu()).toBeNull();
    rerender(<Menu open onOpenChange={onOpenChange} />);
    expect(menu()).toBeTruthy();
  });
});

describe('Dropdown, on its first open', () => {
  it('loads the open part only then; the trigger says it is open meanwhile, and focus lands on the first item', async () => {
    vi.resetModules();
    const loaded = vi.fn();
    vi.doMock('./DropdownPopup', async (importOriginal) => {
      loaded();
      return importOriginal();
    });
    const fresh = await import('./index');
    render(
      <fresh.Dropdown trigger="Options">
        <fresh.DropdownItem>Mark all as read</fresh.DropdownItem>
      </fresh.Dropdown>,
    );
    expect(loaded).not.toHaveBeenCalled();
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    const item = await screen.findByRole('menuitem', { name: 'Mark all as read' });
    expect(loaded).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(item);
    vi.doUnmock('./DropdownPopup');
  });
});
