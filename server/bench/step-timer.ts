/** Times the named steps of a seeding: `timed(step, work)` runs the work and notes its wall-clock seconds. */
export function stepTimer() {
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      seconds[step] = (performance.now() - started) / 1000;
    }
  };
  return { seconds, timed };
}
