/** What `window.__soak()` answers once the init script has run. */
export interface SoakCounts {
  timeouts: number;
  intervals: number;
  timersMade: number;
  /** WebSockets open now. */
  sockets: number;
  socketsMade: number;
  /** The page's Date.now(). */
  now: number;
}
export declare function countTimersAndSockets(): void;
