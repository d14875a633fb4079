/** The promise, or a rejection once `ms` have passed without its answer (the work itself goes on). */
export function deadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, scheduler.wait(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);
}
