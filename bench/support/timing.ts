// Waiting in the propagation benchmarks: a change that never arrives fails the run instead of hanging it,
// and pauses between changes fall out of step with any timer in the service.

/** A change not seen within this long is a broken service, not a slow one. */
export const GIVE_UP_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pause of random length, so changes do not fall in step with any timer in the service. */
export const pause = (from: number, to: number) => sleep(from + Math.random() * (to - from));

/** `promise`, or an error naming `what` once GIVE_UP_MS have passed. */
export async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${GIVE_UP_MS} ms`)), GIVE_UP_MS)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
