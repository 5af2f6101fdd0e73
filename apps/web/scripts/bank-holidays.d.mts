import type { BankHoliday } from '@pentland/enquiries';
import type { Plugin } from 'vite';

/** The virtual module's name: `import bankHolidays from 'virtual:scottish-bank-holidays'`. */
export declare const bankHolidaysModule: 'virtual:scottish-bank-holidays';

export declare function bankHolidaysPlugin(options: {
  /** The list the browser is given, called once per build (and on each dev-server load). */
  holidays: () => readonly BankHoliday[];
}): Plugin;
