// One HTTP request of the benchmark, shared by its in-process runs (backend.ts) and its load process (load.mjs).
import http from 'node:http';

/**
 * Sends one request on `agent` and resolves to the response's status once its body has been read (and dropped).
 * @param {http.Agent} agent
 * @param {URL} url
 * @param {string} method
 * @param {Record<string, string>} headers
 * @param {string} [body]
 * @returns {Promise<number>}
 */
export function request(agent, url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
