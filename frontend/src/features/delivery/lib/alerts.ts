// The browser's ways to reach a rider whose delivery page is in a background tab: a system
// notification, a short beep and a count in the tab title. Each is best effort: a browser without
// one of them just goes without it.

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;

const audioContextClass = (): AudioContextClass | undefined =>
  (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ??
  (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;

/** Made (or resumed) from a click, so the browser lets a later beep play without one. */
export const unlockSound = (): void => {
  const Ctx = audioContextClass();
  if (!Ctx) return;
  audio ??= new Ctx();
  void audio.resume().catch(() => {});
};

/** Two short tones (no sound file): 880 Hz then 1320 Hz, 0.12 s each. */
export const beep = (): void => {
  try {
    const Ctx = audioContextClass();
    if (!Ctx) return;
    audio ??= new Ctx();
    const ctx = audio;
    [880, 1320].forEach((hz, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = ctx.currentTime + i * 0.15;
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.2, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(start);
      osc.stop(start + 0.12);
    });
  } catch {
    // No audio device or a browser that refuses: the notification and the title still tell.
  }
};

export const notificationsSupported = (): boolean => typeof globalThis.Notification === "function";

export const notificationPermission = (): NotificationPermission | "unsupported" =>
  notificationsSupported() ? Notification.permission : "unsupported";

export const showNotification = (title: string, body: string, tag: string): void => {
  if (notificationPermission() !== "granted") return;
  try {
    const n = new Notification(title, { body, tag });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // Some mobile browsers only notify from a service worker; the beep and the title remain.
  }
};

const COUNT_PREFIX = /^\(\d+\) /;

/** `(3) Delivery · School shop` while 3 orders are unseen; the plain title for 0. */
export const titleWithCount = (title: string, count: number): string => {
  const plain = title.replace(COUNT_PREFIX, "");
  return count > 0 ? `(${count}) ${plain}` : plain;
};

export const pageHidden = (): boolean => document.visibilityState === "hidden";
