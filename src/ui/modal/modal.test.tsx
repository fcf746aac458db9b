import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal, MODAL_EXIT_MS, type ModalProps } from './index';
import { t } from '../../../tests/support/components-i18n';

type Extra = Partial<Omit<ModalProps, 'open' | 'onClose' | 'title'>>;

function Harness({ onClose, ...props }: Extra & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        {...props}
        open={open}
        title="Edit booking"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Save</button>}
      >
        <p>Body text</p>
      </Modal>
    </>
  );
}

function openWith(props: Extra & { onClose?: () => void } = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

function pressEscape() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
}

describe('Modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is labelled by its title, modal, and rendered in a portal on body', () => {
    const { dialog } = openWith();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Edit booking' }).id);
    expect(dialog.closest('.modal-root')?.parentElement).toBe(document.body);
    expect(screen.getByText('Body text')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('closes on Escape', () => {
    const onClose = vi.fn();
    openWith({ onClose });
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores Escape and the close button when closeDisabled', () => {
    const onClose = vi.fn();
    openWith({ onClose, closeDisabled: true });
    pressEscape();
    const close = screen.getByRole('button', { name: t('common.close') }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.click(close);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes with the header close button', () => {
    const onClose = vi.fn();
    openWith({ onClose });
    fireEvent.click(screen.getByRole('button', { name: t('common.close') }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('hides the close button when closable is false', () => {
    openWith({ closable: false });
    expect(screen.queryByRole('button', { name: t('common.close') })).toBeNull();
  });

  it('does not close on a backdrop click by default', () => {
    const onClose = vi.fn();
    openWith({ onClose });
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a backdrop click with dismissableMask', () => {
    const onClose = vi.fn();
    openWith({ onClose, dismissableMask: true });
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('ignores a press that started inside the dialog and ended on the backdrop', () => {
    const onClose = vi.fn();
    const { dialog } = openWith({ onClose, dismissableMask: true });
    fireEvent.pointerDown(dialog);
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks page scroll while open and restores it after closing', () => {
    openWith();
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(true);
    pressEscape();
    fireEvent.animationEnd(screen.getByRole('dialog', { hidden: true }));
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(false);
  });

  it('does not lock scroll or render a backdrop when modal is false', () => {
    const { dialog } = openWith({ modal: false });
    expect(document.documentElement.classList.contains('is-scroll-locked')).toBe(false);
    expect(screen.queryByTestId('modal-backdrop')).toBeNull();
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
  });

  it('plays the closing animation, then unmounts on animationend', () => {
    const onExited = vi.fn();
    openWith({ onExited });
    pressEscape();
    const dialog = document.querySelector('.modal') as HTMLElement;
    expect(dialog).toBeTruthy();
    expect(dialog.closest('.modal-root')?.classList.contains('is-closing')).toBe(true);
    expect(onExited).not.toHaveBeenCalled();
    fireEvent.animationEnd(dialog);
    expect(document.querySelector('.modal')).toBeNull();
    expect(onExited).toHaveBeenCalledTimes(1);
  });

  it('unmounts after the fallback timeout when no animationend arrives', () => {
    openWith();
    pressEscape();
    expect(document.querySelector('.modal')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MODAL_EXIT_MS + 100));
    expect(document.querySelector('.modal')).toBeNull();
  });

  it('unmounts at once under prefers-reduced-motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original.call(window, query), matches: query.includes('reduce') })) as typeof window.matchMedia;
    try {
      openWith();
      pressEscape();
      expect(document.querySelector('.modal')).toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('moves focus into the dialog and returns it to the opener', () => {
    const { opener, dialog } = openWith();
    expect(dialog.contains(document.activeElement)).toBe(true);
    pressEscape();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses initialFocusRef when given', () => {
    function WithInitial() {
      const ref = useRef<HTMLInputElement>(null);
      return (
        <Modal open title="Name" onClose={() => {}} initialFocusRef={ref}>
          <input ref={ref} aria-label="First name" />
        </Modal>
      );
    }
    render(<WithInitial />);
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
  });

  it('traps Tab inside the dialog', () => {
    openWith();
    const close = screen.getByRole('button', { name: t('common.close') });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.keyDown(save, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('lets only the topmost of two stacked dialogs react to Escape', () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    render(
      <>
        <Modal open title="Outer" onClose={outerClose} />
        <Modal open title="Inner" onClose={innerClose} />
      </>,
    );
    pressEscape();
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });
});
