// Choosing a photo: only a JPEG, PNG or WebP picture opens the crop; anything else (an SVG, which
// the browser would happily draw and the app would upload as a JPEG of it) gets the same clear
// message as any file that is not a photo, and nothing is uploaded.
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../../../../tests/support/data-helpers';

const setAvatar = vi.hoisted(() => vi.fn());
vi.mock('../avatar', () => ({ setAvatar }));
vi.mock('../avatar-hooks', () => ({ usePendingAvatarUrl: () => null }));

const { AvatarEditor } = await import('./AvatarEditor');

// A browser decodes an SVG (and any picture) into an <img>: this stand-in loads whatever it is given.
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 400;
  naturalHeight = 300;
  #src = '';
  get src() {
    return this.#src;
  }
  set src(value: string) {
    this.#src = value;
    setTimeout(() => this.onload?.(), 0);
  }
}

const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50]);

/** Picks the file and waits for the app's answer: the crop, or the message saying why not (a busy machine takes longer than a fixed wait). */
async function choose(file: File) {
  render(<AvatarEditor profile={makeProfile(1)} />);
  act(() => {
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
  });
  await vi.waitFor(() => expect(screen.queryByTestId('avatar-crop') ?? screen.queryByRole('alert')).not.toBeNull(), { timeout: 5_000 });
}

describe('AvatarEditor', () => {
  beforeEach(() => {
    vi.stubGlobal('Image', LoadingImage);
    setAvatar.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['an SVG', new File([SVG], 'logo.svg', { type: 'image/svg+xml' })],
    ['an SVG named like a JPEG', new File([SVG], 'photo.jpg', { type: 'image/jpeg' })],
    ['a GIF', new File([new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0])], 'anim.gif', { type: 'image/gif' })],
  ])('refuses %s with the message for files that are not photos, and uploads nothing', async (_what, file) => {
    await choose(file);
    expect(screen.getByRole('alert').textContent).toBe(i18next.t('profile:photo.unreadable'));
    expect(screen.queryByTestId('avatar-crop')).toBeNull();
    expect(setAvatar).not.toHaveBeenCalled();
  });

  it.each([
    ['a JPEG', new File([JPEG], 'photo.jpg', { type: 'image/jpeg' })],
    ['a PNG', new File([PNG], 'photo.png', { type: 'image/png' })],
    ['a WebP', new File([WEBP], 'photo.webp', { type: 'image/webp' })],
  ])('opens %s to crop', async (_what, file) => {
    await choose(file);
    expect(screen.getByTestId('avatar-crop')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** The device's primary pointer, as the crop dialog asks it. */
function primaryPointer(kind: 'coarse' | 'fine') {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === `(pointer: ${kind})`, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

describe('the crop dialog', () => {
  beforeEach(() => {
    vi.stubGlobal('Image', LoadingImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('on a touch screen says to drag and pinch, not to use the arrow keys', async () => {
    primaryPointer('coarse');
    await choose(new File([JPEG], 'photo.jpg', { type: 'image/jpeg' }));
    const hint = document.getElementById('crop-hint')!.textContent!;
    expect(hint).toBe(i18next.t('profile:photo.hintTouch'));
    expect(hint).toMatch(/pinch/i);
    expect(hint).not.toMatch(/arrow keys/);
  });

  it('with a mouse or keyboard says to drag or use the arrow keys', async () => {
    primaryPointer('fine');
    await choose(new File([JPEG], 'photo.jpg', { type: 'image/jpeg' }));
    expect(document.getElementById('crop-hint')!.textContent).toBe(i18next.t('profile:photo.hint'));
    expect(document.getElementById('crop-hint')!.textContent).toMatch(/arrow keys/);
  });

  it('zooms in as two fingers pinch apart, and out as they pinch together, within the slider’s range', async () => {
    primaryPointer('coarse');
    await choose(new File([JPEG], 'photo.jpg', { type: 'image/jpeg' }));
    const crop = screen.getByTestId('avatar-crop');
    const zoom = screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement;
    const finger = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', pointerId: number, clientX: number) => fireEvent[type](crop, { pointerId, clientX, clientY: 100, pointerType: 'touch' });
    act(() => {
      finger('pointerDown', 1, 100);
      finger('pointerDown', 2, 150);
      finger('pointerMove', 2, 200);
    });
    expect(Number(zoom.value)).toBeCloseTo(2);
    act(() => {
      finger('pointerMove', 2, 400);
    });
    expect(Number(zoom.value)).toBe(3);
    act(() => {
      finger('pointerMove', 2, 110);
    });
    expect(Number(zoom.value)).toBe(1);
    act(() => {
      finger('pointerUp', 2, 110);
      finger('pointerUp', 1, 100);
    });
  });
});
