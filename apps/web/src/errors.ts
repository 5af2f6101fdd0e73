/** Uncaught errors and unhandled rejections are logged to the console and nothing else. */
export function logUncaughtErrors(target: Window = window): void {
  target.addEventListener('error', (event) => {
    console.error('Uncaught error:', event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => {
    console.error('Unhandled promise rejection:', event.reason);
  });
}
