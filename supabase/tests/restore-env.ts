// A setup file of the backend project, run before each test file: the files share their worker's process
// (isolate: false, one import of the backend per worker), so what a file writes to process.env — the AI endpoint,
// the generator's quota, the offline stream delay that the functions read through Deno.env — is put back as it was
// once the file has ended, and the next file starts from the same environment as if it ran alone.
import { afterAll } from 'vitest';

const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
