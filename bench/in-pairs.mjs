/**
 * Runs async jobs two at a time (the machines have two cores) and returns their results in the
 * jobs' order.
 *
 * @template T
 * @param {(() => Promise<T>)[]} jobs
 * @returns {Promise<T[]>}
 */
export async function inPairs(jobs) {
  const out = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
    }
  };
  await Promise.all([worker(), worker()]);
  return out;
}
