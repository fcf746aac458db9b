// The desk's camera reading QR codes: the browser's BarcodeDetector where it reads QR, else jsQR
// (plain JavaScript, loaded only then) on frames drawn to a canvas. Stops at the first code read.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

type Read = (video: HTMLVideoElement) => Promise<string | null>;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<string[]>;
}

async function makeReader(): Promise<Read> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats?.().catch((): string[] => []))?.includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

const FRAME_MS = 200;

export function Scanner({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useTranslation('profile');
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState(false);
  const read = useRef(onRead);
  read.current = onRead;
  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    let timer = 0;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        setProblem(true);
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const reader = await makeReader();
      const frame = async () => {
        if (stopped) return;
        const text = element.readyState >= 2 ? await reader(element).catch(() => null) : null;
        if (stopped) return;
        if (text) read.current(text);
        else timer = window.setTimeout(() => void frame(), FRAME_MS);
      };
      void frame();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  if (problem) return <p className="desk__problem" role="alert">{t('desk.noCamera')}</p>;
  return <video ref={video} className="desk__video" muted playsInline aria-label={t('desk.cameraLabel')} />;
}
