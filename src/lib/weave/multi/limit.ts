// At most `n` tasks at once, started in the order they were asked for. An 8-model weave has 28
// pairs to classify (times judgeRuns): sent all at once they would trip a hosted judge's rate limit.
export const CLASSIFY_CONCURRENCY = 6;

export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    if (active >= n) return;
    const start = queue.shift();
    if (start) start();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        active++;
        task()
          .then(resolve, reject)
          .finally(() => {
            active--;
            next();
          });
      });
      next();
    });
}
