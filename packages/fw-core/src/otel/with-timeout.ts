/** Waits for `promise` at most `ms`; never rejects (shutdown must not hang on a stuck collector). */
export async function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  try {
    await Promise.race([promise.then(() => undefined, () => undefined), elapsed]);
  } finally {
    clearTimeout(timer);
  }
}
