// The profile photo: choose or take a picture, crop it to a square (drag or arrow keys to move,
// pinch or a slider to zoom; the hint names what this device has), preview, and upload with progress. Offline, the photo waits in IndexedDB and
// shows as "waiting to sync" until it is uploaded.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { Profile } from '../../../../core/contract/types';
import { Avatar } from '../../../ui/avatar/index';
import { Button } from '../../../ui/button/index';
import { Chip } from '../../../ui/chip/index';
import { Modal } from '../../../ui/modal/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { setAvatar } from '../avatar';
import { usePendingAvatarUrl } from '../avatar-hooks';
import { PICTURE_SIGNATURE_BYTES, pictureKind } from '../../../domain/picture';

const VIEW = 256;
const OUT = 768;
const MAX_ZOOM = 3;

export function AvatarEditor({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const online = useOnline();
  const run = useCommand();
  const pending = usePendingAvatarUrl();
  const input = useRef<HTMLInputElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [unreadable, setUnreadable] = useState(false);

  async function choose(file: File | undefined) {
    setUnreadable(false);
    if (!file) return;
    // Only a JPEG, PNG or WebP photo, by its bytes: an SVG would be drawn and uploaded as a JPEG.
    const head = new Uint8Array(await file.slice(0, PICTURE_SIGNATURE_BYTES).arrayBuffer().catch(() => new ArrayBuffer(0)));
    if (!pictureKind(head)) {
      setUnreadable(true);
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setUnreadable(true);
    };
    img.src = url;
  }

  function close() {
    if (image) URL.revokeObjectURL(image.src);
    setImage(null);
    if (input.current) input.current.value = '';
  }

  async function use(picture: Blob) {
    close();
    setProgress(0);
    try {
      await run(() => setAvatar(picture, setProgress, online), { success: (outcome) => (outcome === 'uploaded' ? t('photo.uploaded') : t('photo.waiting')) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="avatar-editor">
      <Avatar name={profile.full_name} src={pending ?? (profile.avatar.is_set ? profile.avatar.main_url ?? profile.avatar.thumb_url : null)} size="xl" />
      <div className="avatar-editor__side">
        {pending && <Chip tone="info" testId="avatar-waiting">{t('photo.waitingShort')}</Chip>}
        {progress !== null && (
          <div>
            <progress max={1} value={progress} aria-label={t('photo.uploading')} />
            <span className="muted"> {Math.round(progress * 100)} %</span>
          </div>
        )}
        <input ref={input} id="avatar-file" className="visually-hidden" type="file" tabIndex={-1} aria-label={t('photo.title')} accept="image/jpeg,image/png,image/webp" onChange={(e) => void choose(e.target.files?.[0])} data-testid="avatar-file" />
        <Button onClick={() => input.current?.click()} disabled={progress !== null}>{profile.avatar.is_set || pending ? t('photo.change') : t('photo.add')}</Button>
        {unreadable && <p className="field__error" role="alert">{t('photo.unreadable')}</p>}
      </div>
      {image && <CropDialog image={image} onCancel={close} onUse={(blob) => void use(blob)} />}
    </div>
  );
}

function CropDialog({ image, onCancel, onUse }: { image: HTMLImageElement; onCancel: () => void; onUse: (picture: Blob) => void }) {
  const { t } = useTranslation('profile');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  // The fingers (or the mouse) on the picture: one drags it, two pinch to zoom and drag by their middle.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  // A touch screen is told to drag and pinch; a mouse and keyboard, to drag or use the arrow keys.
  const touch = useMemo(() => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches, []);

  // The picture covers the square at zoom 1; the offset keeps it covering.
  const scale = Math.max(VIEW / image.naturalWidth, VIEW / image.naturalHeight) * zoom;
  const width = image.naturalWidth * scale;
  const height = image.naturalHeight * scale;
  const clamp = (o: { x: number; y: number }) => ({ x: Math.max(-(width - VIEW) / 2, Math.min((width - VIEW) / 2, o.x)), y: Math.max(-(height - VIEW) / 2, Math.min((height - VIEW) / 2, o.y)) });
  const at = clamp(offset);

  function draw(target: HTMLCanvasElement, size: number) {
    const k = size / VIEW;
    const ctx = target.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size, size);
    ctx.drawImage(image, ((VIEW - width) / 2 + at.x) * k, ((VIEW - height) / 2 + at.y) * k, width * k, height * k);
  }

  useEffect(() => {
    if (canvas.current) draw(canvas.current, VIEW * 2);
  });

  const move = (dx: number, dy: number) => setOffset((o) => clamp({ x: o.x + dx, y: o.y + dy }));

  function pointerMoved(e: PointerEvent<HTMLCanvasElement>) {
    const before = pointers.current.get(e.pointerId);
    if (!before) return;
    const others = [...pointers.current.entries()].filter(([id]) => id !== e.pointerId).map(([, at]) => at);
    const now = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, now);
    const ratio = VIEW / (e.currentTarget.getBoundingClientRect().width || VIEW);
    const other = others[0];
    if (!other) {
      move((now.x - before.x) * ratio, (now.y - before.y) * ratio);
      return;
    }
    // Two fingers: the zoom follows their distance, the picture their middle.
    const apart = (a: { x: number; y: number }) => Math.hypot(a.x - other.x, a.y - other.y);
    if (apart(before) > 0) setZoom((z) => Math.min(MAX_ZOOM, Math.max(1, z * (apart(now) / apart(before)))));
    move(((now.x - before.x) / 2) * ratio, ((now.y - before.y) / 2) * ratio);
  }
  const keys: Record<string, [number, number]> = { ArrowLeft: [10, 0], ArrowRight: [-10, 0], ArrowUp: [0, 10], ArrowDown: [0, -10] };

  function finish() {
    const out = document.createElement('canvas');
    out.width = OUT;
    out.height = OUT;
    draw(out, OUT);
    out.toBlob((blob) => blob && onUse(blob), 'image/jpeg', 0.9);
  }

  return (
    <Modal open onClose={onCancel} title={t('photo.title')} footer={<>
      <Button onClick={onCancel}>{t('photo.cancel')}</Button>
      <Button variant="primary" onClick={finish}>{t('photo.use')}</Button>
    </>}>
      <p className="muted" id="crop-hint">{touch ? t('photo.hintTouch') : t('photo.hint')}</p>
      <canvas
        ref={canvas}
        className="avatar-crop"
        width={VIEW * 2}
        height={VIEW * 2}
        tabIndex={0}
        role="img"
        aria-label={t('photo.preview')}
        aria-describedby="crop-hint"
        data-testid="avatar-crop"
        onPointerDown={(e: PointerEvent<HTMLCanvasElement>) => {
          e.currentTarget.setPointerCapture?.(e.pointerId);
          pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
        }}
        onPointerMove={pointerMoved}
        onPointerUp={(e: PointerEvent<HTMLCanvasElement>) => pointers.current.delete(e.pointerId)}
        onPointerCancel={(e: PointerEvent<HTMLCanvasElement>) => pointers.current.delete(e.pointerId)}
        onKeyDown={(e: KeyboardEvent<HTMLCanvasElement>) => {
          const step = keys[e.key];
          if (!step) return;
          e.preventDefault();
          move(step[0], step[1]);
        }}
      />
      <label className="avatar-crop__zoom">
        {t('photo.zoom')}
        <input type="range" min={1} max={MAX_ZOOM} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </label>
    </Modal>
  );
}
