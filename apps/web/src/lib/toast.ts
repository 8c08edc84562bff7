import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@t0/contracts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it stays; the spec's 5 s unless a screen says otherwise (the copy toast: 2 s). */
  durationMs?: number;
}

/** Which look a toast gets: welcome, purple limit-order, destructive or plain. */
export function toastStyle(t: ToastInput): 'welcome' | 'limit-order' | 'destructive' | 'default' {
  if (t.variant === 'destructive') return 'destructive';
  const text = `${t.title} ${t.description ?? ''}`.toLowerCase();
  if (text.includes('welcome') || text.includes('logged in')) return 'welcome';
  if (t.title.toLowerCase().includes('limit order') || (t.description ?? '').toLowerCase().includes('activated')) {
    return 'limit-order';
  }
  return 'default';
}

const colors = { welcome: 'green', 'limit-order': 'grape', destructive: 'red', default: 'blue' } as const;

/** Shows one toast at a time: a new toast replaces the one on screen. */
export function toast(t: ToastInput) {
  const style = toastStyle(t);
  notifications.clean();
  notifications.show({
    title: t.title,
    message: t.description ?? '',
    color: colors[style],
    autoClose: t.durationMs ?? TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close notification' },
    className: `t0-toast t0-toast-${style}`,
  });
}
